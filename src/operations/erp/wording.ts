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

/** What a stop sent as hard says, after the service refused the soft one (hard-stop-fallback). */
export function describeFallback(planned: string, seconds: number, code: string | undefined): string {
  const rest = planned.replace(/^stop \((soft \d+ s|hard)\)/, '');
  return `stop (hard; the soft stop of ${seconds} s was refused: ${code})${rest}`;
}

/** How a window's step names its target in the log: `2/4 database stop db0`. */
export function stepLogName(i: number, of: number, step: StepName, child: string): string {
  return `${i + 1}/${of} ${step}${child ? ` ${child}` : ''}`;
}

/** The log line of a system's window: `window: application stop X01 → database stop X01/db0`. */
export function windowLine(steps: readonly { step: StepName; target: string }[]): string {
  return `window: ${steps.map((s) => `${s.step} ${s.target}`).join(' → ')}`;
}

/** The first line of a text or of an error's message: what a row, a result file or a sentence of ours quotes. */
export function firstLine(said: unknown): string {
  return (said instanceof Error ? said.message : String(said)).split('\n')[0]!;
}

/** A read of an instance as a sentence says it: `Offline, health Unknown` (`of no status`, `unknown` where none). */
export function described(state: { status?: string; health?: string } | undefined): string {
  return `${state?.status ?? 'of no status'}, health ${state?.health ?? 'unknown'}`;
}

/** An error's first line without its closing period, for the middle of a sentence of ours. */
export function inSentence(error: unknown): string {
  return firstLine(error).replace(/\.$/, '');
}

/** Whether a wait or a turn was cut short (the timeout, the job cancelled), not ended by the service. */
export function isCut(kind: string | undefined): kind is 'timeout' | 'cancelled' {
  return kind === 'timeout' || kind === 'cancelled';
}

/** Why a wait or a turn ended before its end: the one way every sentence says it. */
export function whyCut(kind: 'timeout' | 'cancelled'): string {
  return kind === 'timeout' ? 'the timeout ran out' : 'the job was cancelled';
}
