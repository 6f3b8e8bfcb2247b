import type { Cause } from '../../types.js';
import type { WindowReport, WindowSystem } from './page.js';
import type { ResultSystem } from './format.js';
import { nameOfId, type ExpectedSystem } from '../../erp-parsers.js';
import type { Gathered } from './gather.js';
import { entryOf, operationOf, systemWindow, type Entry } from './history.js';
import { failingOf, titleOf } from './verdict.js';

const ms = (iso: string) => Date.parse(iso);
const BAD = new Set(['failed', 'running', 'not sent']);

/** The order in which systems that need a person are listed: failed, missing, not sent, still running. */
export const ATTENTION: Record<string, number> = { failed: 0, missing: 1, 'not sent': 2, running: 3 };

export interface WindowFiles {
  /** The files of the window's run, dry runs left out. */
  files: readonly Gathered[];
  expected?: readonly ExpectedSystem[];
  skipped: WindowReport['skipped'];
  lost?: WindowReport['lost'];
  run?: string | null;
}

/**
 * The window as one page: each system's operations merged in order (history.ts), the steps that failed with no
 * system to show it on (with their leg, and the systems they were given `failed` with their cause), the expected
 * systems without any result `missing` with their leg, and the verdict counted from the same outcomes as the title.
 */
export function mergeWindow(w: WindowFiles): WindowReport {
  const expected = w.expected ?? [];
  const keyOf = keyer(
    expected,
    w.files.flatMap((g) => g.file.systems.map((s) => s.id ?? '').filter(Boolean)),
  );
  const expectedKey = (e: ExpectedSystem) => keyOf({ id: e.id, name: e.name });
  const byKey = new Map(expected.map((e) => [expectedKey(e), e]));
  const legOf = new Map(expected.map((e) => [expectedKey(e), e.leg]));
  const bySystem = new Map<string, Entry[]>();
  for (const g of w.files) {
    for (const s of g.file.systems) {
      const key = keyOf(s);
      bySystem.set(key, [...(bySystem.get(key) ?? []), entryOf(g, s)]);
    }
  }
  // A step that failed with no row for a system it was given: a failed operation on that system, in its window.
  const legFailures = stepFailures(w.files, (s) =>
    keyOf({ name: nameOfId(s), id: s.includes('/') ? s : null }),
  );
  for (const f of legFailures) {
    for (const [key, item] of f.asked.map((k, i) => [k, f.items[i]!] as const)) {
      const e = byKey.get(key);
      const system = failedRow(
        e?.name ?? nameOfId(item),
        e?.id ?? (item.includes('/') ? item : null),
        f.cause,
      );
      bySystem.set(key, [...(bySystem.get(key) ?? []), entryOf(f.gathered, system)]);
    }
  }
  const replaced: WindowReport['replaced'] = [];
  const chosen = new Map<string, WindowSystem>();
  for (const [key, entries] of bySystem) {
    const id = entries.find((e) => e.system.id)?.system.id ?? byKey.get(key)?.id;
    const leg = legOf.get(key) ?? entries.at(-1)!.path;
    chosen.set(key, { ...systemWindow(entries, replaced), id: id ?? undefined, leg });
  }
  const legsFound = new Set(
    [...legFailures.flatMap((f) => f.asked), ...chosen.keys()].map((k) => legOf.get(k)),
  );
  const systems = [...chosen.values()];
  for (const e of expected) {
    if (chosen.has(expectedKey(e))) continue;
    systems.push(missing(e, e.leg !== undefined && legsFound.has(e.leg)));
  }
  const place = new Map(expected.map((e, i) => [expectedKey(e), i]));
  const at = (s: WindowSystem, i: number) => place.get(keyOf(s)) ?? place.size + i;
  const order = (s: WindowSystem) => ATTENTION[s.outcome] ?? 9;
  const sorted = systems
    .map((s, i) => ({ s, i: at(s, i) }))
    .sort((a, b) => order(a.s) - order(b.s) || a.i - b.i)
    .map((x) => x.s);
  const times = w.files.flatMap(({ file }) => [ms(file.startedAt), ms(file.endedAt)]);
  const shownFailures = legFailures.map((f) => ({
    leg: [...new Set(f.asked.map((k) => legOf.get(k)).filter(Boolean))].join(', ') || f.path,
    path: f.path,
    operation: f.operation,
    cause: f.cause,
  }));
  const report = {
    systems: sorted,
    attention: systems.filter((s) => s.outcome in ATTENTION).length,
    replaced,
    skipped: w.skipped,
    lost: w.lost ?? [],
    legFailures: shownFailures,
    files: w.files.length,
    ...(w.run ? { run: w.run } : {}),
    startedAt: times.length ? Math.min(...times) : undefined,
    endedAt: times.length ? Math.max(...times) : undefined,
  };
  return { ...report, title: titleOf(report), failing: failingOf(report) };
}

/**
 * One key per system, without case: its resource id; a system named without its id (`X01` in `expected` or in a
 * step's items, a row of an older file) is the id of that name where one id read or expected has it, else its name.
 */
function keyer(expected: readonly ExpectedSystem[], read: readonly string[]) {
  const byName = new Map<string, string | null>();
  const ids = [...expected.map((e) => e.id), ...read].filter((id) => id.includes('/'));
  for (const id of new Set(ids.map((i) => i.toLowerCase()))) {
    const name = nameOfId(id);
    byName.set(name, byName.has(name) ? null : id);
  }
  return (s: { id?: string | null; name: string }) => {
    const id = s.id?.includes('/') ? s.id.toLowerCase() : undefined;
    return id ?? byName.get(s.name.toLowerCase()) ?? s.name.toLowerCase();
  };
}

interface StepFailure {
  gathered: Gathered;
  path: string;
  operation: string;
  cause: Cause;
  /** The keys of the systems it was given and has no row for. */
  asked: string[];
  /** The items of `asked` as the file gives them. */
  items: string[];
}

/**
 * A step's own failure that no system of its file shows (it failed before acting, or as a whole), unless a later
 * file of the same operation was given the same systems (the leg run again).
 */
function stepFailures(files: readonly Gathered[], keyOf: (item: string) => string): StepFailure[] {
  const failures: StepFailure[] = [];
  for (const g of files) {
    const { file } = g;
    if (!file.failure) continue;
    const asked = (file.asked ?? []).map(keyOf);
    const rows = new Set(file.systems.map((s) => keyOf(s.id ?? s.name)));
    const unrowed = asked.filter((k) => !rows.has(k));
    const items = (file.asked ?? []).filter((_, i) => !rows.has(asked[i]!));
    // Where its systems show the failure, and it was given none more, the rows say it all.
    if (unrowed.length === 0 && file.systems.some((s) => BAD.has(s.outcome))) continue;
    const again = files.some(
      (h) =>
        h !== g &&
        operationOf(h.file) === operationOf(file) &&
        (ms(h.file.endedAt) > ms(file.endedAt) ||
          (ms(h.file.endedAt) === ms(file.endedAt) &&
            Number(h.file.run.attempt) > Number(file.run.attempt))) &&
        (h.file.run.job ?? '') === (file.run.job ?? '') &&
        sameSet((h.file.asked ?? []).map(keyOf), asked),
    );
    if (again) continue;
    failures.push({
      gathered: g,
      path: g.path,
      operation: file.operation,
      cause: { text: file.failure, kind: file.failureKind ?? 'other' },
      asked: unrowed,
      items,
    });
  }
  return failures;
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x) => b.includes(x));

const failedRow = (name: string, id: string | null, cause: Cause): ResultSystem => ({
  name,
  id,
  outcome: 'failed',
  word: 'failed',
  cause,
});

function missing(e: ExpectedSystem, legFound: boolean): WindowSystem {
  const leg = e.leg === undefined ? undefined : `leg ${e.leg}`;
  const text = leg
    ? `no result for it: ${leg} was to act on it, and ${legFound ? "that leg's file does not name it" : 'no file of that leg was found'}`
    : 'no result file for it';
  return {
    name: e.name,
    id: e.id,
    leg: e.leg ?? '-',
    outcome: 'missing',
    word: 'missing',
    cause: { text, kind: 'other' },
  };
}
