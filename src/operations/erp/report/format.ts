import * as z from '../../../client/schemas/zod.js';
import { FAILURE_KINDS, OUTCOMES } from '../../outcomes.js';

/**
 * The one version of the result file this code writes and reads. Fields added since (dryRun, asked, resumes,
 * failureKind, selection) are optional, so a file of an earlier build of this version still reads.
 */
export const RESULT_FORMAT = 'vendor-ops-result/1';

/** The operations that write a result file (contract: "The window as one page"). */
export const RESULT_OPERATIONS = [
  'erp-list',
  'erp-stop',
  'erp-start',
  'erp-restart',
  'erp-status',
  'erp-check',
  'wait-for-operation',
] as const;
export type ResultOperation = (typeof RESULT_OPERATIONS)[number];

const time = () => z.nullish(z.iso.datetime({ offset: true }));
const text = () => z.nullish(z.string());
const cause = () =>
  z.nullish(z.object({ text: z.string(), kind: z.enum(FAILURE_KINDS), requestId: z.optional(z.string()) }));

/**
 * The result file of one step (docs/result-file.md): the single source of its shape, for the adapters that write it
 * and for erp-report that reads it. Never a token or secret.
 */
export const resultFile = z.onFirstUse(() =>
  z.object({
    format: z.literal(RESULT_FORMAT),
    operation: z.enum(RESULT_OPERATIONS),
    /** A dry run's file: a plan, never a result; erp-report names it and leaves it out of the verdict. */
    dryRun: z.nullish(z.boolean()),
    run: z.object({
      /** GITHUB_RUN_ID, GITHUB_RUN_ATTEMPT, GITHUB_JOB and the step (GITHUB_ACTION); null on the command line. */
      id: text(),
      attempt: text(),
      job: text(),
      step: text(),
    }),
    /** The systems the step was asked for (its erp-virtual-instance items): a leg that failed before any read names them. */
    asked: z.nullish(z.array(z.string())),
    /** wait-for-operation: the operation it resumed, so a stop followed in a later job is one stop. */
    resumes: z.nullish(z.enum(['erp-stop', 'erp-start', 'erp-restart'])),
    /** The step's start and end, ISO 8601. */
    startedAt: z.iso.datetime({ offset: true }),
    endedAt: z.iso.datetime({ offset: true }),
    /** The step's own cause where it failed, in one line, and its kind. */
    failure: text(),
    failureKind: z.nullish(z.enum(FAILURE_KINDS)),
    /** erp-list: the selection, and every system chosen with its leg (the matrix as the legs see it). */
    selection: z.nullish(
      z.object({
        tag: text(),
        environment: text(),
        systems: z.array(z.object({ id: z.string(), name: z.string(), leg: z.string() })),
      }),
    ),
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
