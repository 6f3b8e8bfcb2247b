import type { WindowReport, WindowSystem } from '../../types.js';
import type { ResultSystem } from './format.js';
import { nameOfId, type ExpectedSystem } from '../../erp-parsers.js';
import type { Gathered } from './gather.js';

const ms = (iso: string | null | undefined) => (iso ? Date.parse(iso) : undefined);
const keyOf = (s: { id?: string | null; name: string }) => (s.id ?? s.name).toLowerCase();

/** The order in which systems that need a person are listed: failed, missing, not sent, still running. */
const ATTENTION: Record<string, number> = { failed: 0, missing: 1, 'not sent': 2, running: 3 };

interface Candidate {
  system: WindowSystem;
  endedAt: number;
  attempt: number;
}

/** Merges the files by system (the newer result stands), marks the expected systems without one `missing`. */
export function mergeWindow(
  gathered: readonly Gathered[],
  expected: readonly ExpectedSystem[] | undefined,
  skipped: WindowReport['skipped'],
): WindowReport {
  const legOf = new Map((expected ?? []).map((e) => [e.id.toLowerCase(), e.leg]));
  const idOfName = uniqueIdsByName(expected ?? []);
  const chosen = new Map<string, Candidate>();
  const replaced: WindowReport['replaced'] = [];
  for (const { path, file } of gathered) {
    for (const s of file.systems) {
      const id = s.id ?? idOfName.get(s.name.toLowerCase());
      const key = keyOf({ id, name: s.name });
      const candidate: Candidate = {
        system: {
          ...systemOf(s, { id, path, operation: file.operation, leg: legOf.get(key) ?? path }),
          stepStartedAt: ms(file.startedAt),
          stepEndedAt: ms(file.endedAt),
        },
        endedAt: ms(s.endedAt) ?? ms(file.endedAt) ?? 0,
        attempt: Number(file.run.attempt ?? 1),
      };
      const before = chosen.get(key);
      if (!before) chosen.set(key, candidate);
      else {
        const newer = newerOf(before, candidate);
        const older = newer === before ? candidate : before;
        chosen.set(key, newer);
        const pair = { newer: newer.system.file!, older: older.system.file! };
        const same = replaced.find((r) => r.newer === pair.newer && r.older === pair.older);
        if (same) same.names.push(s.name);
        else replaced.push({ names: [s.name], ...pair });
      }
    }
  }
  const systems = [...chosen.values()].map((c) => c.system);
  for (const e of expected ?? []) {
    if (chosen.has(e.id.toLowerCase())) continue;
    systems.push({ name: e.name, id: e.id, leg: e.leg ?? '-', outcome: 'missing', word: 'missing' });
  }
  // In the order of `expected` (the matrix's legs) where given, else as the files were read; those that need a
  // person first.
  const place = new Map((expected ?? []).map((e, i) => [e.id.toLowerCase(), i]));
  const at = (s: WindowSystem, i: number) => place.get(keyOf(s)) ?? place.size + i;
  const order = (s: WindowSystem) => ATTENTION[s.outcome] ?? 9;
  const sorted = systems
    .map((s, i) => ({ s, i: at(s, i) }))
    .sort((a, b) => order(a.s) - order(b.s) || a.i - b.i);
  const times = gathered.flatMap(({ file }) => [ms(file.startedAt)!, ms(file.endedAt)!]);
  return {
    title: titleOf(systems),
    systems: sorted.map((x) => x.s),
    attention: systems.filter((s) => s.outcome in ATTENTION).length,
    replaced,
    skipped,
    files: gathered.length,
    startedAt: times.length ? Math.min(...times) : undefined,
    endedAt: times.length ? Math.max(...times) : undefined,
  };
}

/** The later result: the one that ended later, else the later attempt; on a tie the one read last. */
function newerOf(a: Candidate, b: Candidate): Candidate {
  if (a.endedAt !== b.endedAt) return a.endedAt > b.endedAt ? a : b;
  return a.attempt > b.attempt ? a : b;
}

/** A file written without ids (a row with no id, or a file of an older version) is matched to `expected` by name where it is unique. */
function uniqueIdsByName(expected: readonly ExpectedSystem[]): Map<string, string> {
  const byName = new Map<string, string | null>();
  for (const e of expected) {
    const name = nameOfId(e.id).toLowerCase();
    byName.set(name, byName.has(name) ? null : e.id);
  }
  return new Map([...byName].filter((entry): entry is [string, string] => entry[1] !== null));
}

function systemOf(
  s: ResultSystem,
  where: { id?: string; path: string; operation: string; leg: string },
): WindowSystem {
  return {
    name: s.name,
    id: where.id,
    leg: where.leg,
    file: where.path,
    operation: where.operation,
    outcome: s.outcome,
    word: s.outcome === 'running' ? 'still running' : s.word,
    before: s.before ?? undefined,
    after: s.after ?? undefined,
    cause: s.cause ?? undefined,
    startedAt: ms(s.startedAt),
    endedAt: ms(s.endedAt),
    steps: s.steps,
  };
}

/** `window: 58 stopped, 1 failed, 1 missing`: the succeeded words first, in the order met, then the rest. */
function titleOf(systems: readonly WindowSystem[]): string {
  const counts = new Map<string, number>();
  const ranked = [...systems].sort((a, b) => (ATTENTION[a.outcome] ?? -1) - (ATTENTION[b.outcome] ?? -1));
  for (const s of ranked) counts.set(s.word, (counts.get(s.word) ?? 0) + 1);
  const said = [...counts].map(([word, n]) => `${n} ${word}`).join(', ');
  return `window: ${said || 'no system'}`;
}
