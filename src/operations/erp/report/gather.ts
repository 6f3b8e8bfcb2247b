import { open, readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import * as z from '../../../client/schemas/zod.js';
import { RESULT_FORMAT, resultFile, type ResultFile } from './format.js';

/** An erp-check file read: the window's checks, each system refused with its codes; never an outcome. */
export interface GatheredChecks {
  path: string;
  systems: number;
  refused: { name: string; codes: string[] }[];
}

/** A result file read, and where (relative to `results`). */
export interface Gathered {
  path: string;
  file: ResultFile;
}

/**
 * What was read under `results`: the files of the known format; each file left out, with why (another format, too
 * large, a link, not a plain file); and each file lost (it does not parse: torn or cut short), which fails the window.
 */
export interface Gathering {
  files: Gathered[];
  skipped: { path: string; why: string }[];
  lost: { path: string; why: string }[];
  /** erp-check's files: the window's checks, shown beside the outcomes and never counted as one. */
  checks: GatheredChecks[];
  /** The directory was not there (no leg uploaded anything). */
  absent?: boolean;
}

/** Files larger than this are not a step's result (60 systems make about 40 KB): left out unread. */
const MAX_FILE_BYTES = 32 * 1024 * 1024;

/**
 * Every file under `results`, read recursively, as download-artifact with `merge-multiple` leaves the legs' files.
 * Each entry's type and size are checked before it is read (a link is never followed, a FIFO never opened), and an
 * error on one file names that file and goes on: one bad file never loses the page.
 */
export async function gatherResults(results: string): Promise<Gathering> {
  const gathering: Gathering = { files: [], skipped: [], lost: [], checks: [] };
  let entries;
  try {
    entries = await readdir(results, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    return { ...gathering, absent: true };
  }
  const paths = entries
    .filter((e) => !e.isDirectory())
    .map((e) => ({ path: join(e.parentPath, e.name), plain: e.isFile(), link: e.isSymbolicLink() }))
    .sort((a, b) => (a.path < b.path ? -1 : 1));
  for (const { path, plain, link } of paths) {
    const shown = relative(results, path) || path;
    const read = plain
      ? await readResult(path).catch((e: NodeJS.ErrnoException) => ({
          why: `cannot be read (${e.code ?? e.message})`,
        }))
      : { why: link ? 'is a symbolic link, not followed' : 'is not a plain file' };
    if ('file' in read) gathering.files.push({ path: shown, file: read.file });
    else if ('checks' in read) gathering.checks.push({ path: shown, ...read.checks });
    else if ('lost' in read) gathering.lost.push({ path: shown, why: read.lost });
    else gathering.skipped.push({ path: shown, why: read.why });
  }
  return gathering;
}

type Read =
  { file: ResultFile } | { why: string } | { lost: string } | { checks: Omit<GatheredChecks, 'path'> };

async function readResult(path: string): Promise<Read> {
  // Opened without following a link and sized on the open file, so what is measured is what is read.
  const handle = await open(path, 'r');
  try {
    const { size, isFile } = await handle.stat().then((s) => ({ size: s.size, isFile: s.isFile() }));
    if (!isFile) return { why: 'is not a plain file' };
    if (size > MAX_FILE_BYTES) return { why: `is too large for a result file (${size} bytes), not read` };
    return parseResult(await handle.readFile('utf8'), path);
  } finally {
    await handle.close();
  }
}

/**
 * A text that looks like a result file (a `.json` name, an object begun, the format named) but does not parse is lost
 * (torn, or empty); any other text is another kind of file, left out.
 */
export function parseResult(text: string, path = 'result.json'): Read {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    const ours = path.endsWith('.json') || text.trimStart().startsWith('{') || text.includes(RESULT_FORMAT);
    return ours
      ? { lost: 'does not parse as JSON (torn or cut short)' }
      : { why: 'is not JSON: not a result file' };
  }
  const format = (json as { format?: unknown } | null)?.format;
  // erp-check's systems are findings, never outcomes: the window's checks, so a check never passes or fails a window.
  if (format === RESULT_FORMAT && (json as { operation?: unknown }).operation === 'erp-check') {
    return checksOf(json as { systems?: unknown });
  }
  const parsed = resultFile.safeParse(json);
  if (parsed.success) return { file: parsed.data };
  if (typeof format !== 'string') return { why: 'has no format: not a result file' };
  if (format !== RESULT_FORMAT) {
    return { why: `is of an unknown format ('${format.slice(0, 60)}'; this version reads ${RESULT_FORMAT})` };
  }
  const issue = parsed.error.issues[0];
  return { lost: `is not a valid ${format} file (${issue?.path.join('.') || 'file'}: ${issue?.message})` };
}

/** An erp-check file's systems, as the window's checks: how many, and each refused with its codes of level refuse. */
function checksOf(json: { systems?: unknown }): Read {
  const parsed = checkSystems.safeParse(json.systems);
  if (!parsed.success) return { lost: 'is an erp-check file whose systems do not parse (torn or cut short)' };
  const refused = parsed.data
    .filter((s) => !s.ready)
    .map((s) => ({
      name: s.name,
      codes: [...new Set(s.findings.filter((f) => f.level === 'refuse').map((f) => f.code))],
    }));
  return { checks: { systems: parsed.data.length, refused } };
}

const checkSystems = z.onFirstUse(() =>
  z.array(
    z.looseObject({
      name: z.string(),
      ready: z.boolean(),
      findings: z.array(z.looseObject({ code: z.string(), level: z.string() })),
    }),
  ),
);
