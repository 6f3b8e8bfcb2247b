import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { emulatorBanner } from '../../../src/cli/emulator-banner.js';
import { startEmulator, type Scenario, type ServiceEmulator } from '../../../src/emulator/index.js';

// Issue 50: a scenario whose stop fails and whose start succeeds (/work/shared/repro/scenarios/stop-fails.json).
const SCENARIO: Scenario = {
  erp: {
    defaults: { steps: ['InProgress', 'Succeeded'] },
    instances: {
      F0003: {
        steps: ['InProgress', 'Failed'],
        error: { code: 'StopFailed', message: 'The central services instance did not stop.' },
        start: { steps: ['InProgress', 'Succeeded'] },
      },
    },
  },
};

let e: ServiceEmulator;
beforeAll(async () => {
  e = await startEmulator(SCENARIO);
});
afterAll(() => e.close());

describe('the emulator banner', () => {
  it("describes a failing stop's scenario as a failing stop, and its start as one that succeeds", () => {
    const line = emulatorBanner(e, SCENARIO, 'stop-fails.json')
      .split('\n')
      .find((l) => l.includes('F0003'));
    expect(line).toBe(
      '  F0003: Running, Healthy; stop: InProgress → Failed, fails with StopFailed; start: InProgress → Succeeded',
    );
  });
});
