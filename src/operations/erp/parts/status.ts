import type { HttpClient } from '../../../client/http.js';
import type { OperationContext, OperationResult, StepRow, TargetRow } from '../../types.js';
import { holds } from '../vocabulary.js';
import type { ErpStatusOptions } from '../erp-status-options.js';
import { resolveInstances } from '../instance-ref.js';
import { mapLimited } from '../../pool.js';
import { listDatabases } from './preflight.js';
import { databaseUrl } from '../instance-ref.js';
import { inSentence } from '../wording.js';

interface DatabaseEntry {
  name: string;
  databaseType: string | null;
  status: string | null;
}

/**
 * erp-status with whole-system: true: the systems read as erp-status reads them (`readSystems`), then each system's
 * database instances listed (C3); `expect-status` holds for every database too. Each `instances` entry gains
 * `databases`, and each system's row is followed by one row per database (its `steps`).
 */
export async function statusWindow(
  options: ErpStatusOptions,
  client: HttpClient,
  ctx: OperationContext,
  readSystems: () => Promise<OperationResult>,
): Promise<OperationResult> {
  const refs = resolveInstances(options.erpVirtualInstances, options);
  const base = await readSystems();
  const entries = base.outputs.instances as { name: string; outcome: string }[];
  const failures: string[] = [];
  // The failures of each system's databases, for its row.
  const ofSystem = refs.map((): string[] => []);
  const listed = await mapLimited(refs, options.maxParallel, async (ref, i) => {
    if (entries[i]?.outcome !== 'read') return [];
    try {
      const url = databaseUrl(options.baseUrl, ref, options.apiVersion);
      const found = await listDatabases(client, url, ctx.signal);
      return found.map((db): DatabaseEntry => ({
        name: db.name,
        databaseType: db.properties?.databaseType ?? null,
        status: db.properties?.status ?? null,
      }));
    } catch (error) {
      failures.push(`Listing the database instances of '${ref.label}' failed: ${inSentence(error)}.`);
      ofSystem[i]!.push(failures[failures.length - 1]!);
      return [];
    }
  });
  // Each database read is a row under its system's, as a window's steps are; one not as expected fails it.
  const databaseRows = refs.map((ref, i) =>
    listed[i]!.map((db) => {
      ctx.logger.info(
        `${ref.label}: database ${db.name} (${db.databaseType ?? 'no type'}) is ${db.status ?? 'of no status'}`,
      );
      const row = databaseRow(`${ref.label}/${db.name}`, db.status ?? undefined, options.expectStatus);
      if (row.cause) {
        failures.push(row.cause.text);
        ofSystem[i]!.push(row.cause.text);
      }
      return row;
    }),
  );
  const failure = [base.failure, ...failures].filter(Boolean).join(' ') || undefined;
  return {
    outputs: {
      ...base.outputs,
      instances: entries.map((entry, i) => ({ ...entry, databases: listed[i] })),
    },
    summary: [{ ...base.summary[0]!, title: 'erp-status (whole system)' }, ...base.summary.slice(1)],
    failure,
    rows: base.rows?.map((row, i) => withDatabases({ ...row, steps: databaseRows[i] }, ofSystem[i] ?? [])),
  };
}

/** One database's read as a row under its system: its status (before and after, as `instances` says a read). */
function databaseRow(target: string, status: string | undefined, expectStatus?: string): StepRow {
  const read = { step: 'database', target, before: status, after: status };
  if (!expectStatus || holds(status, expectStatus)) return { ...read, outcome: 'succeeded', word: 'read' };
  const text = `Database instance '${target}' is ${status ?? 'of no status'}, not ${expectStatus} (expect-status).`;
  return { ...read, outcome: 'failed', word: 'failed', cause: { text, kind: 'other' } };
}

/** A system's row failed where one of its databases is not as expected, or could not be listed. */
function withDatabases(row: TargetRow, failures: string[]): TargetRow {
  if (failures.length === 0 || row.outcome === 'failed') return row;
  return { ...row, outcome: 'failed', word: 'failed', cause: { text: failures.join(' '), kind: 'other' } };
}
