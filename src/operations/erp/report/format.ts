import * as z from '../../../client/schemas/zod.js';
import { FAILURE_KINDS, OUTCOMES } from '../../outcomes.js';

/** The one version of the result file this code writes and reads; a change of shape is a new version. */
export const RESULT_FORMAT = 'vendor-ops-result/1';

const time = () => z.nullish(z.iso.datetime({ offset: true }));
const text = () => z.nullish(z.string());
const cause = () =>
  z.nullish(z.object({ text: z.string(), kind: z.enum(FAILURE_KINDS), requestId: z.optional(z.string()) }));

/**
 * The result file of one erp-stop, erp-start or erp-status step (docs/result-file.md): the single source of its
 * shape, for the adapters that write it and for erp-report that reads it. Never a token or secret.
 */
export const resultFile = z.onFirstUse(() =>
  z.object({
    format: z.literal(RESULT_FORMAT),
    operation: z.enum(['erp-stop', 'erp-start', 'erp-restart', 'erp-status']),
    run: z.object({
      /** GITHUB_RUN_ID, GITHUB_RUN_ATTEMPT, GITHUB_JOB and the step (GITHUB_ACTION); null on the command line. */
      id: text(),
      attempt: text(),
      job: text(),
      step: text(),
    }),
    /** The step's start and end, ISO 8601. */
    startedAt: z.iso.datetime({ offset: true }),
    endedAt: z.iso.datetime({ offset: true }),
    /** The step's own cause where it failed, in one line. */
    failure: text(),
    systems: z.array(
      z.object({
        name: z.string(),
        id: text(),
        before: text(),
        after: text(),
        /** The summary's mark: succeeded, failed, skipped, running, not sent, planned. */
        outcome: z.enum(OUTCOMES),
        /** The outcome in the contract's words (`instances[].outcome`): stopped, started, read, … */
        word: z.string(),
        startedAt: time(),
        endedAt: time(),
        cause: cause(),
        steps: z.nullish(
          z.array(
            z.object({
              step: z.string(),
              target: text(),
              outcome: z.enum(OUTCOMES),
              word: z.string(),
              startedAt: time(),
              endedAt: time(),
              cause: cause(),
            }),
          ),
        ),
      }),
    ),
  }),
);

export type ResultFile = z.output<typeof resultFile>;
export type ResultSystem = ResultFile['systems'][number];
