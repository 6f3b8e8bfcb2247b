import type { LinkForm } from '../emulator.js';
import {
  TERMINAL,
  type DataShareScenario,
  type EmulatedStart,
  type EmulatedSynchronization,
} from './data-share-scenario.js';
import { generatedHistory, present } from './data-share-wire.js';

/** Area A's state: its knobs, its synchronizations and how the listings (the polls) and the cancels move them. */
export class DataShareState {
  pageSize: number;
  apiVersion: string;
  shareSubscription?: string;
  /** Newest last or in any order: the listing orders them only when asked to. */
  synchronizations: EmulatedSynchronization[];
  settings: unknown[];
  repeatNextLink: boolean;
  nextLinkOrigin: 'primary' | 'secondary';
  nextLinkForm: LinkForm;
  retryAfter?: string;
  /** listSynchronizations requests without `$skipToken` so far: what makes synchronizations appear and move. */
  polls = 0;
  ignoreOrderBy: boolean;
  starts: EmulatedStart[];
  conflictCode: string;
  cancelStatus: string;
  cancelAfterPolls: number;
  detailsPageSize?: number;
  detailsError?: { status: number; code: string; message: string };
  /** What each synchronize asked for, in order: the modes recorded. */
  readonly synchronizeRequests: { synchronizationId: string; synchronizationMode: string }[] = [];
  /** The ids each cancelSynchronization named, in order. */
  readonly cancelRequests: string[] = [];
  /** The synchronizations A3 started: they run from their start, listed or not. */
  protected readonly started = new WeakSet<EmulatedSynchronization>();
  /** The poll count at which each cancelled synchronization was cancelled. */
  protected readonly cancelledAt = new WeakMap<EmulatedSynchronization, number>();
  /** When each cancel was asked for (ms): a cancelled synchronization ends about then, not at its planned end. */
  protected readonly cancelAskedAt = new WeakMap<EmulatedSynchronization, number>();

  readonly scenario: DataShareScenario;
  constructor(scenario: DataShareScenario = {}) {
    this.scenario = scenario;
    this.pageSize = scenario.pageSize ?? 50;
    this.apiVersion = scenario.apiVersion ?? '2021-08-01';
    this.shareSubscription = scenario.shareSubscription;
    this.synchronizations = [...(scenario.synchronizations ?? [])];
    this.settings = scenario.settings ?? [];
    this.repeatNextLink = scenario.repeatNextLink ?? false;
    this.nextLinkOrigin = scenario.nextLinkOrigin ?? 'primary';
    this.nextLinkForm = scenario.nextLinkForm ?? 'absolute';
    this.retryAfter = scenario.retryAfter;
    this.ignoreOrderBy = scenario.ignoreOrderBy ?? false;
    this.starts = scenario.starts ?? [];
    this.conflictCode = scenario.conflictCode ?? 'Conflict';
    this.cancelStatus = scenario.cancel?.status ?? 'Cancelled';
    this.cancelAfterPolls = scenario.cancel?.afterPolls ?? 1;
    this.detailsPageSize = scenario.detailsPageSize;
    this.detailsError = scenario.detailsError;
    if (scenario.generatedHistory) this.generateHistory(scenario.generatedHistory);
  }

  /** Adds `count` finished synchronizations, older than all others (the benchmark's long history). */
  generateHistory(spec: NonNullable<DataShareScenario['generatedHistory']>): void {
    this.synchronizations.push(...generatedHistory(this.synchronizations, spec));
  }

  /** Runs now: as the latest listing shows it, or started by A3 and not listed yet. */
  protected runs(s: EmulatedSynchronization): boolean {
    const listed = this.polls > (s.appearAfterPolls ?? 0);
    if (!listed && !this.started.has(s)) return false;
    return !TERMINAL.has(
      (this.statusAt(s, Math.max(this.polls, (s.appearAfterPolls ?? 0) + 1)) ?? '').toLowerCase(),
    );
  }

  /** Its status in the listing of poll `snapshot` (where it is present there), a cancel included. */
  protected statusAt(s: EmulatedSynchronization, snapshot: number): string | undefined {
    const own = (n: number) =>
      s.statuses?.length
        ? s.statuses[Math.max(0, Math.min(n - (s.appearAfterPolls ?? 0) - 1, s.statuses.length - 1))]!
        : s.status;
    const cancelled = this.cancelledAt.get(s);
    if (cancelled === undefined) return own(snapshot);
    const effect = cancelled + this.cancelAfterPolls;
    if (snapshot < effect || TERMINAL.has((own(effect) ?? '').toLowerCase())) return own(snapshot);
    return this.cancelStatus;
  }

  /** The synchronizations as the listing of poll `snapshot` shows them. */
  protected visible(snapshot: number): EmulatedSynchronization[] {
    const out: EmulatedSynchronization[] = [];
    for (const s of this.synchronizations) {
      const appear = s.appearAfterPolls ?? 0;
      if (snapshot <= appear) continue;
      const moves =
        s.statuses?.length ||
        s.appearAfterPolls !== undefined ||
        s.startTimeAfterPolls !== undefined ||
        this.cancelledAt.has(s);
      if (!moves) {
        out.push(s);
        continue;
      }
      const queued = snapshot - appear <= (s.startTimeAfterPolls ?? 0);
      const status = this.statusAt(s, snapshot);
      const shown = present(s, status, queued);
      const asked = this.cancelAskedAt.get(s);
      if (asked !== undefined && status === this.cancelStatus && shown.endTime) {
        shown.endTime = new Date(asked).toISOString();
        shown.durationMs = Math.max(0, asked - (Date.parse(s.startTime ?? '') || asked));
      }
      out.push(shown);
    }
    return out;
  }
}
