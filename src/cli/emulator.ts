import { readFile } from 'node:fs/promises';
import demo from '../../scenarios/demo.json' with { type: 'json' };
import { startEmulator, type Scenario, type ServiceEmulator } from '../emulator/index.js';
import { parseScenario } from '../emulator/scenario-schema.js';
import { readFlags, refuseStray, UsageError, type Scan } from './args.js';
import { requestLine } from '../emulator/request-log.js';
import { emulatorBanner } from './emulator-banner.js';

/**
 * `vendor-ops emulator [--port N] [--scenario FILE] [--fleet N] [--log-requests]` (and `npm run emulator`): the service's emulator, until
 * Ctrl-C. Without --scenario it serves the demo scenario (bundled, so it works from any directory) and prints
 * what the scenario holds and the emulator's made-up credentials, so any operation can be tried at once.
 * Everything a person can get wrong (a flag, the port, the file) is one line and exit 2.
 */
export async function runEmulator(args: Scan): Promise<number> {
  const flags = readFlags(args.flags, {
    command: 'emulator',
    accepts: new Map([
      ['port', { list: false }],
      ['scenario', { list: false }],
      ['log-requests', { list: false, switch: true }],
      ['fleet', { list: false }],
    ]),
  });
  refuseStray(args.positionals, 1, 'emulator');
  const file = flags.get('scenario')?.[0];
  const scenario = file === undefined ? checked(demo, 'the demo scenario') : await readScenario(file);
  const fleet = flags.get('fleet')?.[0];
  if (fleet !== undefined) scenario.fleet = fleetOf(fleetSize(fleet));
  const port = flags.get('port')?.[0];
  if (port !== undefined) scenario.emulator = { ...scenario.emulator, port: portNumber(port) };

  // Listening for Ctrl-C (and a test's SIGTERM) before anything can tell a user it is up.
  let stop = () => {};
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  let emulator: ServiceEmulator;
  try {
    emulator = await startEmulator(scenario);
  } catch (error) {
    // Not up: the process keeps its own answer to a signal (the command line may run inside another process).
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE' || code === 'EACCES') {
      const wanted = scenario.emulator?.port;
      throw new UsageError(
        `port ${wanted} is ${code === 'EADDRINUSE' ? 'in use' : 'not allowed'}; choose another with --port N, or --port 0 for any free port`,
      );
    }
    throw error;
  }
  // --log-requests: one line per request on stderr (the banner is on stdout), so a user sees what arrived.
  if (flags.get('log-requests')?.[0] === 'true') {
    emulator.onRequest = (record, status) => process.stderr.write(`${requestLine(record, status)}\n`);
  }
  process.stdout.write(`${emulatorBanner(emulator, scenario, file ?? 'the demo scenario (built in)')}\n`);
  await stopped;
  process.off('SIGINT', stop);
  process.off('SIGTERM', stop);
  await emulator.close();
  return 0;
}

/** The subscription and resource group of `--fleet N`'s systems (the demo's subscription). */
export const FLEET_SUBSCRIPTION = '00000000-0000-4000-8000-000000000001';
export const FLEET_RESOURCE_GROUP = 'rg-fleet';

/**
 * `--fleet N`: N systems `F0001`… tagged for a window and a snooze, each with its HANA database (the parts'
 * default), NonProd; only what it holds answers (404 otherwise), so a window recipe runs on it as on the service.
 */
function fleetOf(size: number): NonNullable<Scenario['fleet']> {
  return {
    holdsOnly: true,
    pageSize: 100,
    systems: [
      {
        generate: size,
        subscription: FLEET_SUBSCRIPTION,
        resourceGroup: FLEET_RESOURCE_GROUP,
        prefix: 'F',
        environment: 'NonProd',
        tags: { maintenance: 'sunday', SnoozeSAPSystem: 'True' },
      },
    ],
  };
}

function fleetSize(text: string): number {
  const size = /^\d{1,5}$/.test(text) ? Number(text) : NaN;
  if (!(size >= 1 && size <= 10000)) {
    throw new UsageError(`--fleet must be a number of systems from 1 to 10000; got '${text}'`);
  }
  return size;
}

function portNumber(text: string): number {
  const port = /^\d{1,5}$/.test(text) ? Number(text) : NaN;
  if (!(port >= 0 && port <= 65535)) {
    throw new UsageError(`--port must be a port number from 0 to 65535 (0: any free port); got '${text}'`);
  }
  return port;
}

async function readScenario(file: string): Promise<Scenario> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : (code ?? 'unreadable');
    throw new UsageError(`cannot read the scenario file ${file}: ${why}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`the scenario file ${file} is not valid JSON: ${(error as Error).message}`);
  }
  return checked(value, `the scenario file ${file}`);
}

function checked(value: unknown, what: string): Scenario {
  const result = parseScenario(value);
  if ('error' in result) throw new UsageError(`${what}: ${result.error}`);
  return result.scenario;
}
