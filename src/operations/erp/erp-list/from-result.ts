import { readFileSync, statSync } from 'node:fs';
import { parser, refuse } from '../../input-parser.js';
import { shown } from '../../parsers.js';
import { resultFile, type ResultFile } from '../report/format.js';

/** The systems an earlier step's result file hands on as a selection (`from-result`). */
export interface ResultSelection {
  /** The file as given, for the log. */
  path: string;
  operation: string;
  /** The systems to act on, by full resource id, in the file's order. */
  ids: string[];
  names: string[];
  /** Systems in the file that are not the selection (a stop skipped or planned them): counted in the log. */
  passed: number;
}

/** A stop's file of 2 000 systems is about 1 MiB; anything far larger is not one of ours. */
const MAX_BYTES = 64 * 1024 * 1024;

/** Outcomes of a stop that did not act on the system: what was already stopped, or only planned. */
const NOT_ACTED = new Set(['skipped', 'planned']);

const FORM = 'the result-file output of an earlier erp-stop (or erp-list) step of the window';

/**
 * `from-result`: the path of an earlier step's result file, read and checked when the inputs are read (before any
 * request). A stop's file selects every system it acted on, a listing's every system it chose, whatever their tags
 * are now; a file of another operation, of a dry run, or not a result file at all is refused in one line.
 */
export const resultSelection = parser((raw): ResultSelection => {
  const path = raw.trim();
  const json = readJson(path);
  const operation = (json as { operation?: unknown } | null)?.operation;
  if (operation !== 'erp-stop' && operation !== 'erp-list') {
    refuse(
      `is ${typeof operation === 'string' ? `the result file of ${shown(operation)}` : 'not a result file'}: give ${FORM}`,
    );
  }
  const read = resultFile.safeParse(json);
  if (!read.success) {
    const issue = read.error.issues[0];
    refuse(
      `is not a result file this version reads (${issue?.path.join('.')}: ${issue?.message}): give ${FORM}`,
    );
  }
  return operation === 'erp-list' ? listingSelection(path, read.data) : stopSelection(path, read.data, json);
});

/** A listing's systems, every one it chose for the window (its matrix), whatever their tags are now. */
function listingSelection(path: string, file: ResultFile): ResultSelection {
  const chosen = file.selection?.systems;
  if (!chosen) refuse(`is an erp-list result file without its selection: give ${FORM}`);
  return {
    path,
    operation: file.operation,
    ids: chosen.map((s) => s.id),
    names: chosen.map((s) => s.name),
    passed: 0,
  };
}

function readJson(path: string): unknown {
  let stat;
  let text = '';
  try {
    stat = statSync(path);
    if (stat.isFile() && stat.size <= MAX_BYTES) text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    return refuse(`cannot be read (${typeof code === 'string' ? code : String(error)}): give ${FORM}`);
  }
  if (!stat.isFile()) refuse(`is not a file: give ${FORM}`);
  if (stat.size > MAX_BYTES) refuse(`is ${stat.size} bytes, too large for a result file: give ${FORM}`);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return refuse(`is not JSON (torn or cut short?): give ${FORM}`);
  }
}

/** A stop's systems it acted on (outcome other than skipped and planned): a dry run's file is a plan, refused. */
function stopSelection(path: string, file: ResultFile, json: unknown): ResultSelection {
  const planned = file.systems.some((s) => s.outcome === 'planned');
  if ((json as { dryRun?: unknown }).dryRun === true || planned) {
    refuse(`is the result file of a dry run (a plan: nothing was stopped): give ${FORM}`);
  }
  const acted = file.systems.filter((s) => !NOT_ACTED.has(s.outcome));
  const unnamed = acted.find((s) => !s.id);
  if (unnamed) refuse(`names system '${shown(unnamed.name)}' without its resource id: give ${FORM}`);
  return {
    path,
    operation: file.operation,
    ids: acted.map((s) => s.id!),
    names: acted.map((s) => s.name),
    passed: file.systems.length - acted.length,
  };
}
