import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { startEmulator, type Scenario } from './index.js';

/** `npm run emulator [-- --port N --scenario FILE]`: the emulator on its own, until Ctrl-C. */
const { values } = parseArgs({
  options: { port: { type: 'string' }, scenario: { type: 'string' } },
});
const scenario: Scenario = values.scenario ? JSON.parse(await readFile(values.scenario, 'utf8')) : {};
if (values.port) scenario.emulator = { ...scenario.emulator, port: Number(values.port) };
const emulator = await startEmulator(scenario);
console.log(`emulator listening on ${emulator.url} (second origin ${emulator.secondUrl})`);
console.log(`  base-url / api-url / auth-url: ${emulator.url}`);
console.log(`  access-token: ${[...emulator.accessTokens][0]}  client-id: ${emulator.clients[0]?.clientId}`);
console.log(`  api-token (app-*): ${emulator.apps.tokenValues()[0]}  app: contoso/shop`);
const stop = () => void emulator.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
