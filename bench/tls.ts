import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EmulatorTls } from '../src/emulator/index.js';

/**
 * A throw-away self-signed certificate for the emulator's loopback address, made at bench time in the scratch
 * folder and deleted with it. The emulator serves HTTPS with it to every case alike (the vendor's SDK refuses a
 * bearer token over http), and every child trusts it through NODE_EXTRA_CA_CERTS = `caFile`, the same for all.
 */
export function makeCertificate(scratch: string): EmulatorTls & { caFile: string } {
  const key = join(scratch, 'emulator-key.pem');
  const cert = join(scratch, 'emulator-cert.pem');
  // P-256 rather than RSA: generated in milliseconds, and the cheapest handshake for every case alike.
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  return { key: readFileSync(key, 'utf8'), cert: readFileSync(cert, 'utf8'), caFile: cert };
}
