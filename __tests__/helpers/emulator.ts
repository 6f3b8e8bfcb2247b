import { afterEach, beforeEach } from '@jest/globals';
import { startEmulator, type Scenario, type ServiceEmulator } from '../../src/emulator/index.js';
import { expectNoSecrets, runAction, unescapeCommands, type ActionRun } from './run-action.js';

/** A fresh emulator on free loopback ports for each test; `get()` returns the current one. */
export function useEmulator(scenario: () => Scenario = () => ({})): { get: () => ServiceEmulator } {
  let emulator: ServiceEmulator | undefined;
  beforeEach(async () => {
    emulator = await startEmulator(scenario());
  });
  afterEach(async () => {
    await emulator?.close();
    emulator = undefined;
  });
  return {
    get: () => {
      if (!emulator) throw new Error('emulator not started');
      return emulator;
    },
  };
}

/** The secrets the emulator knows, plus any it issued: what every end-to-end test scans for. */
export function emulatorSecrets(emulator: ServiceEmulator): string[] {
  return [
    ...emulator.accessTokens,
    ...emulator.clients.map((c) => c.clientSecret ?? ''),
    emulator.oidcRequestToken,
    ...emulator.issuedTokens.keys(),
    ...emulator.issuedOidcTokens,
    ...emulator.apps.tokenValues(),
  ];
}

/**
 * The action's bundle run against `emulator` as a resource-manager step signed in with its static token (polls at
 * the floor), checked for any secret the emulator knows, with the runner's command escaping undone. `runner`: the
 * bundle by default, or the same adapter in the test's process (run-action-in-process.ts).
 */
export async function runOnEmulator(
  emulator: ServiceEmulator,
  inputs: Record<string, string>,
  runner: (inputs: Record<string, string>) => Promise<ActionRun> = runAction,
): Promise<ActionRun> {
  const result = await runner({
    'base-url': emulator.url,
    'access-token': 'emu-access-token',
    'poll-interval': '0.05',
    ...inputs,
  });
  expectNoSecrets(result, emulatorSecrets(emulator));
  return unescapeCommands(result);
}
