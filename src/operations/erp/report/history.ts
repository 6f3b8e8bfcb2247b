import type { WindowReport, WindowSystem } from './page.js';
import type { ResultFile, ResultSystem } from './format.js';
import type { Gathered } from './gather.js';

const ms = (iso: string | null | undefined) => (iso ? Date.parse(iso) : undefined);

/** One operation's result on one system, from one file. */
export interface Entry {
  /** The operation this result is of: a wait-for-operation counts as the stop or start it resumed. */
  operation: string;
  path: string;
  file: ResultFile;
  system: ResultSystem;
  endedAt: number;
  attempt: number;
}

export const entryOf = ({ path, file }: Gathered, system: ResultSystem): Entry => ({
  operation: operationOf(file),
  path,
  file,
  system: { ...system, word: resumedWord(file, system) },
  endedAt: ms(system.endedAt) ?? ms(file.endedAt) ?? 0,
  attempt: Number(file.run.attempt ?? 1),
});

/** A resumed operation that succeeded is said as the stop or start it was (`stopped`), not as an operation. */
const RESUMED: Record<string, string> = {
  'erp-stop': 'stopped',
  'erp-start': 'started',
  'erp-restart': 'restarted',
};
function resumedWord(file: ResultFile, system: ResultSystem): string {
  const said = file.operation === 'wait-for-operation' && file.resumes ? RESUMED[file.resumes] : undefined;
  return said && system.outcome === 'succeeded' && system.word === 'succeeded' ? said : system.word;
}

export const operationOf = (file: ResultFile) =>
  file.operation === 'wait-for-operation' ? (file.resumes ?? file.operation) : file.operation;

/** Reads show the last status; they are the outcome only where nothing acted, and fail only on a mismatch. */
const READS = new Set(['erp-status']);
/** Worst first: what stands over any later success of another operation. */
const BAD = ['failed', 'running', 'not sent'] as const;
/** The words that belong to one outcome only: a file's word that says otherwise is not believed over its outcome. */
const OWN_WORD: Record<string, string> = {
  failed: 'failed',
  running: 'still running',
  'not sent': 'not sent',
  skipped: 'skipped',
  planned: 'planned',
};

/** The word shown and counted: the file's own where it agrees with the outcome, else the outcome's. */
export function wordOf(s: Pick<ResultSystem, 'outcome' | 'word'>): string {
  const own = OWN_WORD[s.outcome];
  if (own) return own;
  return Object.values(OWN_WORD).includes(s.word) || s.word === 'missing' ? 'succeeded' : s.word;
}

/** The later of two results of the same operation: the one that ended later, else the later attempt. */
const later = (a: Entry, b: Entry) =>
  a.endedAt !== b.endedAt ? a.endedAt - b.endedAt : a.attempt - b.attempt;

/**
 * One system's window: every operation of the run on it, in order. The same operation twice: the later stands and
 * the earlier is noted as replaced. A failure, a step still running or not sent stands over any later success of
 * another operation; else the last operation that acted is the outcome, and the last read is shown beside it.
 */
export function systemWindow(
  entries: readonly Entry[],
  replaced: WindowReport['replaced'],
): Omit<WindowSystem, 'leg'> {
  const standing = new Map<string, Entry>();
  for (const e of [...entries].sort(later)) {
    const before = standing.get(e.operation);
    if (before) note(replaced, e.system.name, e.path, before.path);
    standing.set(e.operation, e);
  }
  const ordered = [...standing.values()].sort(later);
  const acts = ordered.filter((e) => !READS.has(e.operation));
  const reads = ordered.filter((e) => READS.has(e.operation));
  const worst = BAD.map((o) => ordered.find((e) => e.system.outcome === o)).find(Boolean);
  const chosen = worst ?? acts.at(-1) ?? reads.at(-1)!;
  const lastRead = reads.at(-1)?.system;
  const s = chosen.system;
  return {
    name: s.name,
    file: chosen.path,
    operation: chosen.operation,
    outcome: s.outcome,
    word: wordOf(s),
    before: s.before ?? undefined,
    after: (acts.length ? s.after : lastRead?.after) ?? s.after ?? undefined,
    cause: s.cause ?? undefined,
    startedAt: ms(s.startedAt),
    endedAt: ms(s.endedAt),
    stepStartedAt: ms(chosen.file.startedAt),
    stepEndedAt: ms(chosen.file.endedAt),
    steps: s.steps,
    ...(ordered.length > 1 ? { history: ordered.map((e) => `${e.operation} ${wordOf(e.system)}`) } : {}),
    ...(lastRead && acts.length ? { lastRead: lastRead.after ?? wordOf(lastRead) } : {}),
  };
}

function note(replaced: WindowReport['replaced'], name: string, newer: string, older: string) {
  const same = replaced.find((r) => r.newer === newer && r.older === older);
  if (same) same.names.push(name);
  else replaced.push({ names: [name], newer, older });
}
