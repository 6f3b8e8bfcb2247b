import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { createSecureServer } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeCertificate } from '../../bench/tls.js';
import { expectNoSecrets, runAction } from '../helpers/run-action.js';

/**
 * The action speaks HTTP/1.1 to a service that offers HTTP/2 as well: the transport the emulator speaks and every
 * test runs, where a failure is told apart as "never reached the service" or "the effect is unknown". undici 8
 * offers h2 by default.
 */
describe('HTTP version', () => {
  it('HTTP/1.1 to a service that offers h2 and http/1.1', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vendor-ops-h2-'));
    const { key, cert, caFile } = makeCertificate(dir);
    const versions: string[] = [];
    const server = createSecureServer({ key, cert, allowHTTP1: true }, (req, res) => {
      versions.push(req.httpVersion);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ value: [{ image: 'redis:7', osType: 'Linux' }] }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const run = await runAction(
        {
          operation: 'check-image-cached',
          'base-url': `https://127.0.0.1:${port}`,
          'access-token': 'h2-test-token',
          'subscription-id': '00000000-0000-4000-8000-0000000000b2',
          location: 'westeurope',
          image: 'redis:7',
        },
        { env: { NODE_EXTRA_CA_CERTS: caFile } },
      );
      expectNoSecrets(run, ['h2-test-token']);
      expect(run.code).toBe(0);
      expect(run.outputs.cached).toBe('true');
      expect(versions).toEqual(['1.1']);
    } finally {
      await new Promise((resolve) => server.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
