import { mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { ncc } from '../scripts/bundle.js';
import { WASM_TIERING_FLAG } from '../src/client/wasm-tiering.js';

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
 * The floor plus what any step that reads a paged list over undici must do: the same GETs as check-image-cached
 * (first page, then each nextLink) with one keep-alive Agent, each body parsed as JSON; no validation, no
 * outputs. Not a target: it shows how much of the start-up figure the HTTP client itself costs. It sets the V8
 * flag the action sets and does not wait for its sockets to close, as the action does not (src/index.ts), so it
 * stays a true lower limit for the action.
 */
export function buildFloorWithRequests(scratch: string): Bundle {
  return build(scratch, 'floor-requests', FLOOR_WITH_REQUESTS);
}

const FLOOR_WITH_REQUESTS = `import * as core from '@actions/core';
import { Agent, request } from 'undici';
import { setFlagsFromString } from 'node:v8';
setFlagsFromString(${JSON.stringify(WASM_TIERING_FLAG)});
const headers = { authorization: 'Bearer ' + core.getInput('access-token') };
const dispatcher = new Agent();
let url = core.getInput('base-url') + '/subscriptions/' + core.getInput('subscription-id') +
  '/providers/Vendor.ContainerInstance/locations/' + core.getInput('location') + '/cachedImages?api-version=2025-09-01';
while (url) {
  const res = await request(url, { headers, dispatcher });
  url = JSON.parse(await res.body.text()).nextLink;
}
void dispatcher.destroy();
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
    FLOOR_WITH_REQUESTS.replace(
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
    ).replace(
      'url = JSON.parse(await res.body.text()).nextLink;',
      'url = z.safeParse(cachedImagesListSchema, JSON.parse(await res.body.text())).data.nextLink;',
    ),
  );
}

function build(scratch: string, name: string, source: string): Bundle {
  const src = join(scratch, `${name}-src`);
  mkdirSync(src, { recursive: true });
  writeFileSync(join(src, 'package.json'), '{ "type": "module" }\n');
  symlinkSync(join(ROOT, 'node_modules'), join(src, 'node_modules'));
  writeFileSync(join(src, 'main.js'), source);
  const out = join(scratch, name);
  ncc(join(src, 'main.js'), out);
  const main = join(out, 'index.js');
  return { main, bytes: bundleBytes(main) };
}

/** A bundle's main file and the chunks ncc writes next to it (`<id>.index.js`), loaded on demand. */
function bundleFiles(main: string): string[] {
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
