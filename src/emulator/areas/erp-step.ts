/** Area C's error detail, as the service nests it in a failed operation. */
export interface ErpErrorDetail {
  code?: string;
  message?: string;
  target?: string;
  details?: ErpErrorDetail[];
  additionalInfo?: { type?: string; info?: unknown }[];
}

/** One state of an operation: what one response that carries a status says. */
export interface ErpStep {
  status: string;
  percentComplete?: number;
}

/** What an operation's answers are scripted by: a duration in real time, or steps served one per answer. */
export interface StepScript {
  /** Succeeded this long after `startedAt` (emulator clock); the steps are not read then. */
  durationMs?: number;
  startedAt: number;
  steps: readonly (string | ErpStep)[];
  /** Answers served so far: the next is the step at this index (the last repeats). */
  served: number;
}

/** The state an operation's next answer gives at `now`, for the system's operations and its parts' alike. */
export function stepOf(script: StepScript, now: number): ErpStep {
  if (script.durationMs !== undefined) {
    const elapsed = now - script.startedAt;
    if (elapsed >= script.durationMs) return { status: 'Succeeded', percentComplete: 100 };
    return { status: 'InProgress', percentComplete: Math.floor((elapsed / script.durationMs) * 100) };
  }
  const step = script.steps[Math.min(script.served, script.steps.length - 1)]!;
  return typeof step === 'string' ? { status: step } : step;
}
