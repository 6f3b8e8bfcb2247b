/** The steps of a stop or start in the contract's words: a window's, and the single system-level one. */
export type StepName =
  | 'stop'
  | 'start'
  | 'application stop'
  | 'database stop'
  | 'application machines'
  | 'database machines'
  | 'database start'
  | 'application start';

const soft = (seconds: number) => (seconds > 0 ? `soft ${seconds} s` : 'hard');

/** What a stop does, for the log and the summary: `stop (soft 300 s)`, `stop (hard), deallocating the VMs`. */
export function describeStop(seconds: number, deallocate: boolean): string {
  return `stop (${soft(seconds)})${deallocate ? ', deallocating the VMs' : ''}`;
}

/** What a stop would do, for a dry run's plan: `stop (soft 300 s, deallocate VMs)`. */
export function planStop(seconds: number, deallocate: boolean): string {
  return `stop (${soft(seconds)}${deallocate ? ', deallocate VMs' : ''})`;
}

/** What a start does, for the log and the summary. */
export function describeStart(startVm: boolean): string {
  return startVm ? 'start, starting the VMs first' : 'start';
}

/** What a start would do, for a dry run's plan. */
export function planStart(startVm: boolean): string {
  return startVm ? 'start (start VMs first)' : 'start';
}

/** What a stop sent as hard says, after the service refused the soft one (hard-stop-fallback). */
export function describeFallback(planned: string, seconds: number, code: string | undefined): string {
  const rest = planned.replace(/^stop \((soft \d+ s|hard)\)/, '');
  return `stop (hard; the soft stop of ${seconds} s was refused: ${code})${rest}`;
}

/** The deallocating stop of a window's machine steps. */
export const DEALLOCATE = describeStop(0, true);

/** How a window's step names its target in the log: `2/4 database stop db0`. */
export function stepLogName(i: number, of: number, step: StepName, child: string): string {
  return `${i + 1}/${of} ${step}${child ? ` ${child}` : ''}`;
}

/** The log line of a system's window: `window: application stop X01 → database stop X01/db0`. */
export function windowLine(steps: readonly { step: StepName; target: string }[]): string {
  return `window: ${steps.map((s) => `${s.step} ${s.target}`).join(' → ')}`;
}

/** The first line of an error's message, without its closing period: what a sentence of ours quotes. */
export function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0]!.replace(/\.$/, '');
}

/** Why a wait or a turn ended before its end: the one way every sentence says it. */
export function whyCut(kind: 'timeout' | 'cancelled'): string {
  return kind === 'timeout' ? 'the timeout ran out' : 'the job was cancelled';
}
