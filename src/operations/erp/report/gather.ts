import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { RESULT_FORMAT, resultFile, type ResultFile } from './format.js';

/** A result file read, and where (relative to `results`). */
export interface Gathered {
  path: string;
  file: ResultFile;
}

/** What was read under `results`: the files of the known format, and each file skipped with why. */
export interface Gathering {
  files: Gathered[];
  skipped: { path: string; why: string }[];
}

/** Files larger than this are not a step's result (60 systems make about 40 KB): skipped unread. */
const MAX_FILE_BYTES = 32 * 1024 * 1024;

/**
 * Every file under `results`, read recursively, as download-artifact with `merge-multiple` leaves the legs' files:
 * one of the known format is kept; any other (another format, not JSON) is skipped and named.
 */
export async function gatherResults(results: string): Promise<Gathering> {
  const gathering: Gathering = { files: [], skipped: [] };
  const entries = await readdir(results, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .sort();
  for (const path of files) {
    const shown = relative(results, path) || path;
    const read = await readResult(path);
    if ('file' in read) gathering.files.push({ path: shown, file: read.file });
    else gathering.skipped.push({ path: shown, why: read.why });
  }
  return gathering;
}

async function readResult(path: string): Promise<{ file: ResultFile } | { why: string }> {
  const text = await readFile(path, 'utf8');
  if (text.length > MAX_FILE_BYTES) return { why: 'too large for a result file' };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { why: 'does not parse as JSON' };
  }
  const format = (json as { format?: unknown } | null)?.format;
  const parsed = resultFile.safeParse(json);
  if (parsed.success) return { file: parsed.data };
  if (typeof format !== 'string') return { why: 'has no format: not a result file' };
  if (format !== RESULT_FORMAT) {
    return { why: `is of an unknown format ('${format.slice(0, 60)}'; this version reads ${RESULT_FORMAT})` };
  }
  const issue = parsed.error.issues[0];
  return { why: `is not a valid ${format} file (${issue?.path.join('.') || 'file'}: ${issue?.message})` };
}
