import { mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { NCC_FLAGS, ncc } from '../scripts/bundle.js';
import { V8_FLAGS } from '../src/client/start-up/v8-flags.js';
import { ERP_API_VERSION } from '../src/operations/erp/vocabulary.js';

const ROOT = new URL('../', import.meta.url).pathname;

export interface Bundle {
  main: string;
  bytes: number;
}

/**
 * The floor no action can go below: a script that only imports @actions/core and reads one input, bundled with
 * the very ncc settings of our own bundle. Built into the scratch folder (with the project's node_modules
 * linked in, so it resolves the same packages), never committed.
 */
export function buildFloor(scratch: string): Bundle {
  return build(scratch, 'floor', "import * as core from '@actions/core';\ncore.getInput('operation');\n");
}

/**
 * The floor plus the work of a check-image-cached step, as issue 16 defines its limit: the same GETs as the action
 * (first page, then each nextLink) with one keep-alive Agent, each body parsed as JSON, the same outputs set and a
 * job summary written; no validation. Not a target: it shows how much of the start-up figure the HTTP client and
 * the runner's files cost by themselves. It sets the V8 flags the action sets and does not wait for its sockets to
 * close, as the action does not (src/index.ts), so it stays a true lower limit for the action.
 */
export function buildFloorWithRequests(scratch: string): Bundle {
  return build(scratch, 'floor-requests', FLOOR_WITH_REQUESTS);
}

const FLOOR_WITH_REQUESTS = `import * as core from '@actions/core';
import { Agent, request } from 'undici';
import { setFlagsFromString } from 'node:v8';
for (const flag of ${JSON.stringify(V8_FLAGS)}) setFlagsFromString(flag);
const headers = { authorization: 'Bearer ' + core.getInput('access-token') };
const image = core.getInput('image');
const dispatcher = new Agent();
let found;
let res;
// Each region's pages one after another, the regions at once (as the action reads several).
await Promise.all(core.getInput('location').split(',').map(async (location) => {
  let url = core.getInput('base-url') + '/subscriptions/' + core.getInput('subscription-id') +
    '/providers/Vendor.ContainerInstance/locations/' + location + '/cachedImages?api-version=2025-09-01';
  while (url) {
    res = await request(url, { headers, dispatcher });
    const page = JSON.parse(await res.body.text());
    found ??= page.value.find((cached) => cached.image === image);
    url = page.nextLink;
  }
}));
void dispatcher.destroy();
const images = found ? [found] : [];
core.setOutput('cached', String(images.length > 0));
core.setOutput('missing-images', JSON.stringify(found ? [] : [image]));
core.setOutput('images', JSON.stringify(images));
core.setOutput('result', JSON.stringify({ cached: images.length > 0, images }));
core.setOutput('request-id', String(res.headers['x-vendor-request-id']));
core.setOutput('correlation-id', String(res.headers['x-vendor-correlation-request-id']));
await core.summary.addRaw('<h2>vendor-ops check-image-cached</h2><table><tr><th>image</th><th>cached</th></tr><tr><td>' +
  image + '</td><td>' + (found ? 'yes' : 'no') + '</td></tr></table>', true).write();
`;

/**
 * Floor + GETs with each page validated by the same zod/mini schema as the action's (a copy of
 * src/client/schemas/cached-images.ts: a bundle at bench time cannot compile our TypeScript) and zod's English
 * messages set as src/client/schemas/zod.ts does; nothing else of the action. What the house's validation library
 * costs by itself at start-up: the share of the gap to floor + GETs that no change to our own code removes.
 */
export function buildFloorWithZod(scratch: string): Bundle {
  return build(
    scratch,
    'floor-zod',
    replaceOnce(
      replaceOnce(
        FLOOR_WITH_REQUESTS,
        "import { Agent, request } from 'undici';",
        `import { Agent, request } from 'undici';
import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';
z.config(en());
const cachedImageSchema = z.looseObject({
  image: z.catch(z.optional(z.string()), undefined),
  osType: z.catch(z.optional(z.string()), undefined),
});
const cachedImagesListSchema = z.looseObject({
  value: z.pipe(z.optional(z.array(z.catch(cachedImageSchema, {}))), z.transform((v) => v ?? [])),
  nextLink: z.nullish(z.string()),
});`,
      ),
      'const page = JSON.parse(await res.body.text());',
      'const page = z.safeParse(cachedImagesListSchema, JSON.parse(await res.body.text())).data;',
    ),
  );
}

/**
 * The least client for the fan-out: the floor plus the fan-out's requests and nothing else, as issue 31's wall
 * row needs them: for each system, `max-parallel` at a time, the read before and the three lists of its children
 * (preflight basic's, contract v6; no check made of them), the stop, a poll after each
 * Retry-After until the operation ends, the read after; the action's dispatcher settings (one TLS context,
 * HTTP/1.1 only, each request a turn after the answer before it) and V8 flags; each body parsed as JSON, no
 * validation, no log, one output. What this machine makes of the ideal with no action at all: the wall row's
 * share that no change to the action removes.
 */
export function buildFanOutFloor(scratch: string): Bundle {
  return build(scratch, 'fan-out-floor', FAN_OUT_FLOOR);
}

const FAN_OUT_FLOOR = `import * as core from '@actions/core';
import { Agent, request } from 'undici';
import { createSecureContext } from 'node:tls';
import { setFlagsFromString } from 'node:v8';
for (const flag of ${JSON.stringify(V8_FLAGS)}) setFlagsFromString(flag);
const headers = { authorization: 'Bearer ' + core.getInput('access-token') };
const dispatcher = new Agent({ connect: { secureContext: createSecureContext() }, allowH2: false });
const turn = () => new Promise((resolve) => setImmediate(resolve));
const systems = core.getInput('base-url') + '/subscriptions/' + core.getInput('subscription-id') + '/resourceGroups/' +
  core.getInput('resource-group') + '/providers/Vendor.Workloads/erpVirtualInstances/';
const query = '?api-version=${ERP_API_VERSION}';
const read = async (url) => {
  await turn();
  const res = await request(url, { headers, dispatcher });
  return { res, body: JSON.parse(await res.body.text()) };
};
const after = (res) => new Promise((resolve) => setTimeout(resolve, Number(res.headers['retry-after'] ?? 1) * 1000));
async function stop(name) {
  await read(systems + name + query);
  for (const list of ['centralInstances', 'applicationInstances', 'databaseInstances'])
    await read(systems + name + '/' + list + query);
  await turn();
  let last = await request(systems + name + '/stop' + query, {
    method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: '{"softStopTimeoutSeconds":0}', dispatcher,
  });
  await last.body.text();
  const poll = last.headers['vendor-asyncoperation'];
  for (;;) {
    await after(last);
    const { res, body } = await read(poll);
    if (['Succeeded', 'Failed', 'Canceled'].includes(body.status)) break;
    last = res;
  }
  return (await read(systems + name + query)).body.properties?.status;
}
const names = core.getInput('erp-virtual-instance').split('\\n').filter(Boolean);
const statuses = [];
let next = 0;
await Promise.all(Array.from({ length: Number(core.getInput('max-parallel')) }, async () => {
  while (next < names.length) { const i = next++; statuses[i] = await stop(names[i]); }
}));
void dispatcher.destroy();
core.setOutput('result', JSON.stringify(statuses));
`;

/** A variant of a reference is built by replacing its lines: a line that is no longer there fails the bench. */
export function replaceOnce(text: string, line: string, by: string): string {
  if (!text.includes(line)) throw new Error(`bench: the floor source no longer has: ${line}`);
  return text.replace(line, by);
}

export function build(
  scratch: string,
  name: string,
  source: string,
  flags: readonly string[] = NCC_FLAGS,
  paths?: Record<string, string[]>,
): Bundle {
  const src = join(scratch, `${name}-src`);
  mkdirSync(src, { recursive: true });
  writeFileSync(join(src, 'package.json'), '{ "type": "module" }\n');
  // Module paths for ncc's resolver (scripts/bundle.ts passes a tsconfig.json beside the entry to it).
  if (paths)
    writeFileSync(join(src, 'tsconfig.json'), JSON.stringify({ compilerOptions: { baseUrl: '.', paths } }));
  symlinkSync(join(ROOT, 'node_modules'), join(src, 'node_modules'));
  writeFileSync(join(src, 'main.js'), source);
  const out = join(scratch, name);
  ncc(join(src, 'main.js'), out, flags);
  const main = join(out, 'index.js');
  return { main, bytes: bundleBytes(main) };
}

/** A bundle's main file and the chunks ncc writes next to it (`<id>.index.js`), loaded on demand. */
export function bundleFiles(main: string): string[] {
  const dir = dirname(main);
  return readdirSync(dir)
    .filter((f) => f === basename(main) || /^\d+\.index\.js$/.test(f))
    .map((f) => join(dir, f));
}

export function bundleBytes(main: string): number {
  return bundleFiles(main).reduce((sum, f) => sum + statSync(f).size, 0);
}

/** How often a marker occurs in a bundle's files: a dependency bundled twice shows its class twice. */
export function countInBundle(main: string, marker: string): number {
  return bundleFiles(main).reduce((n, f) => n + readFileSync(f, 'utf8').split(marker).length - 1, 0);
}
