import { followOperation, type Followed, type FollowOptions } from '../../client/arm/follow.js';
import type { OperationStatusResult } from '../../client/schemas/erp.js';
import { formatDuration } from '../format.js';
import type { HttpClient } from '../../client/http.js';
import type { Logger, OperationContext } from '../types.js';

export function formatPercent(percent: number | null | undefined): string {
  return typeof percent === 'number' ? `${percent}% complete` : 'percent complete unknown';
}

/**
 * Where the lines of the instances go. GitHub log groups cannot nest or interleave, so with several instances
 * at once the live progress lines go out un-grouped, each prefixed with its instance, and each instance gets
 * a group of its own when it ends with details to tell (a failure's nested errors). Lines arriving while such a group
 * is open are held back until it closes, so no line lands in another instance's group.
 */
export class ConcurrentLog {
  private open = false;
  private held: (() => void)[] = [];
  private groups: Promise<void> = Promise.resolve();

  private readonly logger: Logger;
  constructor(logger: Logger) {
    this.logger = logger;
  }

  info(line: string): void {
    this.emit(() => this.logger.info(line));
  }

  warning(line: string): void {
    this.emit(() => this.logger.warning(line));
  }

  /** One group with these lines, after any group already queued. */
  group(title: string, lines: string[]): Promise<void> {
    this.groups = this.groups.then(async () => {
      this.open = true;
      try {
        await this.logger.group(title, async () => {
          for (const line of lines) this.logger.info(line);
        });
      } finally {
        this.open = false;
        for (const write of this.held.splice(0)) write();
      }
    });
    return this.groups;
  }

  private emit(write: () => void): void {
    if (this.open) this.held.push(write);
    else write();
  }
}

/** One instance's log: its lines go out live (prefixed with its name); its details wait for a closing group. */
export class InstanceLog {
  readonly details: string[] = [];

  readonly name: string;
  private readonly sink: { info(line: string): void; warning(line: string): void };
  constructor(name: string, sink: { info(line: string): void; warning(line: string): void }) {
    this.name = name;
    this.sink = sink;
  }

  info(line: string): void {
    this.sink.info(`${this.name}: ${line}`);
  }

  warning(line: string): void {
    this.sink.warning(`${this.name}: ${line}`);
  }

  /** Lines for the closing group only (error details), not live. */
  detail(line: string): void {
    this.details.push(line);
  }
}

/** What the work on one target goes through: the client, the step's context, and the target's own log. */
export interface TargetIo {
  client: HttpClient;
  ctx: OperationContext;
  log: InstanceLog;
}

export function progressLine(body: OperationStatusResult, elapsedMs: number): string {
  const percent = typeof body.percentComplete === 'number' ? `, ${body.percentComplete}% complete` : '';
  return `${body.status ?? 'no status yet'}${percent} (elapsed ${formatDuration(elapsedMs)})`;
}

/** Follows one operation for an instance (or a resumed URL): its progress lines in the instance's log. */
export function followInLog(
  ctx: OperationContext,
  log: InstanceLog,
  startedAt: number,
  options: Pick<FollowOptions, 'client' | 'pollingUrl' | 'mode' | 'initial'>,
): Promise<Followed> {
  return followOperation({
    ...options,
    terms: ctx,
    onProgress: (body) => log.info(progressLine(body, ctx.clock.now() - startedAt)),
    debug: ctx.logger.debug && ((line) => ctx.logger.debug?.(`${log.name}: ${line}`)),
  });
}
