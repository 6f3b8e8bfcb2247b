import { describe, expect, it } from '@jest/globals';
import { runOnEmulator, useEmulator } from '../helpers/emulator.js';

/**
 * A fan-out needs one connection per system in flight: a system's requests follow one another, and the one sent
 * after an answer reuses that answer's connection. On the real service each connection more is a TLS handshake.
 */
const emu = useEmulator();
const SUB = '00000000-0000-4000-8000-0000000000c0';

describe('connections', () => {
  it('a stop of 12 systems, 6 at a time, opens no more than 6 connections', async () => {
    const names = Array.from({ length: 12 }, (_, i) => `C${String(i + 1).padStart(2, '0')}`);
    const r = await runOnEmulator(emu.get(), {
      operation: 'erp-stop',
      'subscription-id': SUB,
      'resource-group': 'rg',
      'erp-virtual-instance': names.join('\n'),
      'max-parallel': '6',
    });
    expect(r.code).toBe(0);
    expect(emu.get().erp.stops).toHaveLength(12);
    expect(emu.get().connectionsAccepted).toBeLessThanOrEqual(6);
  });
});
