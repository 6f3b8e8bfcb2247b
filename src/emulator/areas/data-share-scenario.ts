import type { LinkForm } from '../emulator.js';

/** One synchronization as the service lists it, plus the emulator's knobs for how it appears and moves. */
export interface EmulatedSynchronization {
  synchronizationId: string;
  synchronizationMode?: string;
  /** The status when `statuses` is not given. */
  status?: string;
  message?: string;
  startTime?: string;
  endTime?: string;
  durationMs?: number;
  /** Absent from the first N listings (a listing is a request without `$skipToken`); present from the next. */
  appearAfterPolls?: number;
  /** Its status in the 1st, 2nd, … listing where it is present; the last one stays. */
  statuses?: string[];
  /** Listed without `startTime` in its first N listings (queued, not started yet). */
  startTimeAfterPolls?: number;
  /** What listSynchronizationDetails (A5) lists for it. */
  details?: EmulatedDatasetDetail[];
  /** Or `count` generated datasets, the first `failed` of them Failed. */
  generatedDetails?: { count: number; failed?: number };
}

/** One dataset of a synchronization as A5 lists it (the counters are left out: nothing reads them). */
export interface EmulatedDatasetDetail {
  name: string;
  dataSetId?: string;
  dataSetType?: string;
  status?: string;
  message?: string;
  startTime?: string;
  endTime?: string;
  durationMs?: number;
}

/** What one synchronize (A3) starts; the scenario's `starts` are used in turn, the last one repeating. */
export interface EmulatedStart {
  /** Its status in the 1st, 2nd, … listing where it is present (default Queued, InProgress, Succeeded). */
  statuses?: string[];
  /** Listings after the start in which it is not listed yet (the id shows up late in A1). */
  appearAfterPolls?: number;
  message?: string;
  durationMs?: number;
  details?: EmulatedDatasetDetail[];
  generatedDetails?: { count: number; failed?: number };
  /** 202 (default, with status Accepted and a vendor-AsyncOperation header) or 200 (with its first status). */
  answer?: 200 | 202;
  /** The answer carries no synchronizationId. */
  omitId?: boolean;
}

/**
 * Area A's scenario (the `dataShare` section of a scenario file). Every field is optional:
 *
 * ```json
 * {
 *   "shareSubscription": "share-sub",           // only this name exists (default: any name)
 *   "apiVersion": "2021-08-01",
 *   "pageSize": 50,                              // items per page of either list
 *   "synchronizations": [{ "synchronizationId": "…", "status": "InProgress", "statuses": ["Queued", "Succeeded"],
 *                          "appearAfterPolls": 2, "startTime": "…", … }],
 *   "generatedHistory": { "count": 10000, "newest": "2026-11-01T00:00:00Z", "spacingMinutes": 60 },
 *   "settings": [{ "kind": "ScheduleBased", "properties": { "recurrenceInterval": "Day", "synchronizationTime": "…" } }],
 *   "repeatNextLink": false,                     // every nextLink after the first points at the same page again
 *   "nextLinkOrigin": "primary",                 // "secondary": nextLinks point at the emulator's second origin
 *   "nextLinkForm": "absolute",                  // "relative": a path only; "malformed": a URL no parser accepts
 *   "retryAfter": "2",                           // a Retry-After header on every listSynchronizations answer
 *   "ignoreOrderBy": false,                      // true: listed in the order given, whatever $orderby says
 *   "starts": [{ "statuses": ["Queued", "Failed"], "appearAfterPolls": 1, "generatedDetails": { "count": 3, "failed": 1 } }],
 *   "conflictCode": "Conflict",                  // synchronize while one runs: 409 with this code
 *   "cancel": { "status": "Cancelled", "afterPolls": 1 }, // a cancelled one ends so in the listing N after the cancel
 *   "detailsPageSize": 50,                       // datasets per page of listSynchronizationDetails
 *   "detailsError": { "status": 403, "code": "AuthorizationFailed", "message": "…" } // A5 fails so
 * }
 * ```
 *
 * A synchronization runs while the latest listing shows it with a status that is not an end (a started one runs
 * from its start, listed or not); a synchronize while one runs is refused with 409. A cancelled one ends with
 * `cancel.status` unless its own statuses reached an end first. Items without `startTime` sort as the newest in
 * `startTime desc` (as PostgreSQL puts nulls first in a descending order).
 *
 * `generatedHistory` adds `count` finished synchronizations, one every `spacingMinutes` back from `newest`, all
 * older than any given in `synchronizations` when `newest` is left out: the benchmark's long history.
 */
export interface DataShareScenario {
  shareSubscription?: string;
  apiVersion?: string;
  pageSize?: number;
  synchronizations?: EmulatedSynchronization[];
  generatedHistory?: { count: number; newest?: string; spacingMinutes?: number };
  settings?: unknown[];
  repeatNextLink?: boolean;
  nextLinkOrigin?: 'primary' | 'secondary';
  nextLinkForm?: LinkForm;
  retryAfter?: string;
  ignoreOrderBy?: boolean;
  starts?: EmulatedStart[];
  conflictCode?: string;
  cancel?: { status?: string; afterPolls?: number };
  /** A cancel of a synchronization that has ended is refused so (by default answered 200 with its status). */
  cancelEnded?: { status: number; code: string; message: string };
  detailsPageSize?: number;
  detailsError?: { status: number; code: string; message: string };
}

export const SHARE_PATH =
  '^/subscriptions/([^/]+)/resourceGroups/([^/]+)/providers/Vendor\\.DataShare/accounts/([^/]+)/shareSubscriptions/([^/]+)';
export const TERMINAL = new Set(['succeeded', 'completed', 'failed', 'canceled', 'cancelled']);
export const DEFAULT_GENERATED_NEWEST = Date.UTC(2026, 0, 1);
