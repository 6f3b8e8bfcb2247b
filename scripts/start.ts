import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmulator } from '../src/emulator/index.js';

/**
 * `npm start`: starts the emulator, runs every operation through the real bundle (dist/index.js) exactly as a
 * runner does, and prints what a workflow would see: the log, the outputs and the job summary.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const emulator = await startEmulator();
const common = {
  'base-url': emulator.url,
  'access-token': [...emulator.accessTokens][0]!,
  'poll-interval': '1s',
};
const subscription = '00000000-0000-4000-8000-000000000001';

const steps: [string, Record<string, string>][] = [
  [
    'erp-stop',
    { ...common, 'subscription-id': subscription, 'resource-group': 'rg-erp', 'erp-virtual-instance': 'X01' },
  ],
  [
    'wait-for-sync',
    {
      ...common,
      'subscription-id': subscription,
      'resource-group': 'rg-data',
      'account-name': 'consumer',
      'share-subscription': 'sales',
      timeout: '20s',
    },
  ],
  [
    'check-image-cached',
    {
      ...common,
      'subscription-id': subscription,
      location: 'westeurope',
      image: 'nginx\nmcr.microsoft.com/dotnet/runtime:8.0',
    },
  ],
  ['app-current-user', { 'api-url': emulator.url, 'api-token': 'emu-user-token' }],
  [
    'app-remove-user',
    {
      'api-url': emulator.url,
      'api-token': 'emu-user-token',
      app: 'contoso/shop',
      'user-email': 'leaver@contoso.com',
    },
  ],
];

try {
  for (const [operation, inputs] of steps) {
    const dir = await mkdtemp(join(tmpdir(), 'vendor-ops-start-'));
    const files = { GITHUB_OUTPUT: join(dir, 'output'), GITHUB_STEP_SUMMARY: join(dir, 'summary') };
    await Promise.all(Object.values(files).map((f) => writeFile(f, '')));
    const env: Record<string, string> = { PATH: process.env.PATH ?? '', ...files };
    for (const [name, value] of Object.entries({ operation, ...inputs }))
      env[`INPUT_${name.toUpperCase()}`] = value;
    console.log(`\n━━━ uses: vendor-ops-action  with: operation: ${operation}`);
    const child = spawn(process.execPath, [join(root, 'dist/index.js')], {
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    console.log(`─── exit code ${code}; outputs:`);
    const outputs = await readFile(files.GITHUB_OUTPUT, 'utf8');
    for (const m of outputs.matchAll(/^([^\n<]+)<<(\S+)\n([\s\S]*?)\n\2$/gm))
      console.log(`    ${m[1]}=${m[3]}`);
    const summary = await readFile(files.GITHUB_STEP_SUMMARY, 'utf8');
    if (summary) console.log(`─── job summary (HTML):\n${summary.trim()}`);
    await rm(dir, { recursive: true, force: true });
  }
} finally {
  await emulator.close();
}
