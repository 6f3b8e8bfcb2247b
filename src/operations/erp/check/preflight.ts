import type { InstanceRef } from '../instance-ref.js';
import type { TargetIo } from '../progress.js';
import { unsent, type InstanceState, type TargetResult } from '../target-result.js';
import { readFailure } from '../read-failure.js';
import { callerChecks, type AccessReads } from './access.js';
import { readSystemFacts, type SystemFacts } from './facts.js';
import {
  checksFor,
  LEVELS,
  type CheckCode,
  type CheckWindow,
  type Finding,
  type PreflightLevel,
} from './findings.js';
import { identityChecks } from './identity.js';
import type { SystemDatabase } from '../parts/preflight.js';

/** The codes that need reads of their own (the caller's permissions, the identity's roles): `full` only. */
const OWN_READS: readonly CheckCode[] = ['caller-lacks', 'identity-lacks'];

/** The codes a level checks, in the contract's order: what a dry run's plan lists. */
export function codesChecked(level: PreflightLevel): CheckCode[] {
  if (level === 'off') return [];
  const codes = (Object.keys(LEVELS) as CheckCode[]).filter((c) => c !== 'could-not-check');
  return level === 'full' ? codes : codes.filter((c) => !OWN_READS.includes(c));
}

/** What a run's checks share: the level, the window, where the systems are, and the access reads made once. */
export interface PreflightRun {
  level: PreflightLevel;
  window: CheckWindow;
  baseUrl: URL;
  apiVersion: string;
  reads: AccessReads;
}

/**
 * One system checked: the line its plan shows and the system's read (its first step's, not made again), or the
 * outcome of a system refused (nothing sent to it).
 */
export type Checked = { line?: string; known?: Known } | { refused: TargetResult };

/** What the checks read that a plan would read again: the system (C0) and, where its lists were read, its databases. */
export interface Known {
  read?: InstanceState;
  databases?: SystemDatabase[];
}

/**
 * Checks one system before its plan is sent: each finding logged (a warning for all but a pass), and a system with
 * a finding of level refuse refused by name, naming each code and what to do.
 */
export async function preflight(ref: InstanceRef, run: PreflightRun, io: TargetIo): Promise<Checked> {
  if (run.level === 'off') return {};
  const { ctx, log } = io;
  const startedAt = ctx.clock.now();
  const where = { baseUrl: run.baseUrl, apiVersion: run.apiVersion, ref, signal: ctx.signal };
  let facts;
  try {
    facts = await readSystemFacts(io.client, where);
  } catch (error) {
    // The system's own read failed: it fails as the window's first read would, with nothing sent.
    return { refused: readFailure({ ref, error, durationMs: ctx.clock.now() - startedAt, log, ctx }) };
  }
  const findings = [...checksFor(facts, run.window)];
  if (run.level === 'full') {
    findings.push(...(await callerChecks(ref, run.window, run.reads)));
    findings.push(...(await identityChecks(facts, ref, run.window, run.reads)));
  }
  for (const f of findings) log.warning(`check ${f.level} ${f.code}: ${f.text}`);
  const refusing = findings.filter((f) => f.level === 'refuse');
  const line = checksLine(run.level, findings);
  if (refusing.length === 0) {
    log.info(line);
    return { line, known: knownOf(facts) };
  }
  const codes = [...new Set(refusing.map((f) => f.code))].join(', ');
  return {
    refused: unsent({
      target: ref.label,
      kind: 'error',
      causeKind: 'other',
      durationMs: ctx.clock.now() - startedAt,
      failure: `'${ref.label}' refused by its checks before anything was sent: ${refusing.map((f) => `${f.code}: ${f.text}`).join(' ')} erp-check lists every finding.`,
      why: `refused by its checks (${codes})`,
    }),
  };
}

/** The checks as a plan shows them: `checks (basic: not-registered, …): ready`, with each warning's code and part. */
export function checksLine(level: PreflightLevel, findings: readonly Finding[]): string {
  const others = findings.filter((f) => f.level !== 'refuse');
  const noted = others.map((f) => `${f.level} ${f.code} (${f.part})`).join(', ');
  return `checks (${level}: ${codesChecked(level).join(', ')}): ready${noted ? `; ${noted}` : ''}`;
}

function knownOf(facts: SystemFacts): Known {
  const read = facts.response && { status: facts.status, health: facts.health, response: facts.response };
  if (facts.partsUnread !== undefined) return { read };
  const databases = facts.parts.filter((p) => p.kind === 'database');
  return {
    read,
    databases: databases.map((db) => ({ name: db.name, databaseType: db.databaseType, status: db.status })),
  };
}
