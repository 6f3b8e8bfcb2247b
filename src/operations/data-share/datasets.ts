import type { Synchronization } from '../../client/schemas/data-share.js';
import { classifyStatus } from '../../client/status.js';
import { statusMark } from '../row-marks.js';
import type { OperationContext, SummaryTable } from '../types.js';
import type { ShareSubscription } from './share.js';

/** One entry of the `failed-datasets` output. */
export interface FailedDataset {
  name: string | null;
  dataSetType: string | null;
  status: string | null;
  message: string | null;
}

/** Rows of the summary's dataset table; the rest are counted, and all are in the output. */
const SUMMARY_ROWS = 50;

/**
 * Why a synchronization failed, in the vendor's words: its own `message` is often empty or generic, the
 * per-dataset details (A5) say which dataset failed and why. Logs each dataset whose status is not a success.
 * A failing read leaves the step's cause as it was: one warning, and what was read before it.
 */
export async function explainFailure(
  share: ShareSubscription,
  sync: Synchronization,
  ctx: OperationContext,
): Promise<{ failed: FailedDataset[]; complete: boolean }> {
  const failed: FailedDataset[] = [];
  const id = sync.synchronizationId;
  if (!id) return { failed, complete: false };
  try {
    for await (const page of share.listSynchronizationDetails(id)) {
      for (const d of page.value) {
        if (classifyStatus(d.status) === 'succeeded') continue;
        const entry: FailedDataset = {
          name: d.name ?? null,
          dataSetType: d.dataSetType ?? null,
          status: d.status ?? null,
          message: d.message ?? null,
        };
        failed.push(entry);
        ctx.logger.info(
          `Dataset ${entry.name ?? '(no name)'} (${entry.dataSetType ?? 'unknown type'}): ${entry.status ?? '(no status)'}` +
            (entry.message ? `: ${entry.message}` : ''),
        );
      }
    }
  } catch (error) {
    if (ctx.signal?.aborted) return { failed, complete: false };
    const reason = error instanceof Error ? error.message : String(error);
    ctx.logger.warning(
      `Could not read the datasets of synchronization ${id} (listSynchronizationDetails): ${reason}` +
        (failed.length ? `; failed-datasets lists the ${failed.length} read before that.` : ''),
    );
    return { failed, complete: false };
  }
  if (failed.length === 0) ctx.logger.info(`The service lists no failed dataset for synchronization ${id}.`);
  return { failed, complete: true };
}

/**
 * The failure's first line with the datasets named (the annotation is what a person reads first); left as it was
 * where the details could not all be read.
 */
export function failureWithDatasets(
  cause: string,
  { failed, complete }: { failed: FailedDataset[]; complete: boolean },
): string {
  if (!complete || failed.length === 0) return cause;
  const named = failed
    .slice(0, 3)
    .map((d) => `${d.name ?? '(no name)'} (${d.status ?? 'no status'})`)
    .join(', ');
  const more = failed.length > 3 ? ` and ${failed.length - 3} more` : '';
  const noun = failed.length === 1 ? 'dataset did' : 'datasets did';
  return `${cause} (${failed.length} ${noun} not succeed: ${named}${more}; see failed-datasets)`;
}

export function datasetsTable(failed: FailedDataset[]): SummaryTable[] {
  if (failed.length === 0) return [];
  const dash = (v: string | null) => (v ? v : '—');
  return [
    {
      title: 'Datasets that did not succeed',
      header: ['Dataset', 'Type', 'Status', 'Message'],
      rows: failed
        .slice(0, SUMMARY_ROWS)
        .map((d) => [dash(d.name), dash(d.dataSetType), dash(d.status), dash(d.message)]),
      marks: failed.slice(0, SUMMARY_ROWS).map((d) => statusMark(d.status)),
      notes:
        failed.length > SUMMARY_ROWS
          ? [`… and ${failed.length - SUMMARY_ROWS} more, all in the failed-datasets output.`]
          : undefined,
    },
  ];
}
