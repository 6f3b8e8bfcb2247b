import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { startEmulator, type Scenario } from '../emulator/index.js';

/**
 * `vendor-ops emulator [--port N] [--scenario FILE]` (and `npm run emulator`): the service's emulator, until Ctrl-C.
 * It prints the emulator's own made-up credentials so a user can point a workflow or the CLI at it.
 */
export async function runEmulator(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { port: { type: 'string' }, scenario: { type: 'string' } } });
  const scenario: Scenario = values.scenario ? JSON.parse(await readFile(values.scenario, 'utf8')) : {};
  if (values.port) scenario.emulator = { ...scenario.emulator, port: Number(values.port) };
  const emulator = await startEmulator(scenario);
  process.stdout.write(
    [
      `emulator listening on ${emulator.url} (second origin ${emulator.secondUrl})`,
      `  base-url, auth-url, api-url: ${emulator.url}`,
      `  access-token: ${[...emulator.accessTokens][0]}`,
      `  client-id: ${emulator.clients[0]?.clientId}  client-secret: ${emulator.clients[0]?.clientSecret ?? '(federated only)'}`,
      `  api-token (app-*): ${emulator.apps.tokenValues()[0]}  app: contoso/shop`,
      '',
    ].join('\n'),
  );
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await emulator.close();
  return 0;
}
