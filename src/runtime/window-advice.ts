import type { WindowReport } from '../operations/erp/report/page.js';
import { findOperation } from '../operations/registry.js';
import { whatToDo } from './view/what-to-do.js';

/** The "What to do" of the window's own kinds: a system with no result, never sent, or still running. */
const WINDOW_ADVICE: Record<'missing' | 'not sent', string> = {
  missing:
    "A missing system has no result: its leg did not run, or ended before writing its file. Open that leg's job; then run the window's step again for the systems in the `missing` output.",
  'not sent':
    'A system not sent got no stop or start: its step was cancelled or ran out of time before its turn. Run the step again for it (what is done is skipped).',
};

/** A system still running, resumed as the operation that left it running declares (its `view.resume`). */
function runningAdvice(resume: string | undefined): string {
  // The one way back first: the step again resumes where the service is, a window's steps never sent included.
  const again = 'run the step again (what is done is skipped, a step in progress followed)';
  return resume
    ? `A system still running was accepted and not followed to its end: ${again}; ${resume} of its leg follows only what was sent.`
    : `A system still running was accepted and not followed to its end: ${again}.`;
}

/** One line per kind met among the systems that need a person, in the order they are listed. */
export function windowAdvice(window: WindowReport): string[] {
  const lines = new Map<string, string>();
  for (const s of window.systems.slice(0, window.attention)) {
    const shown = s.operation ? findOperation(s.operation)?.view : undefined;
    if (s.outcome === 'running') {
      if (!lines.has('running')) lines.set('running', runningAdvice(shown?.resume));
      continue;
    }
    if (s.outcome !== 'failed') {
      lines.set(s.outcome, WINDOW_ADVICE[s.outcome as keyof typeof WINDOW_ADVICE]);
      continue;
    }
    const kind = s.cause?.kind ?? 'other';
    const operation = s.operation ?? 'the step';
    lines.set(`failed ${kind}`, whatToDo(kind, { operation, shown, requestId: !!s.cause?.requestId }));
  }
  for (const f of window.legFailures) {
    const kind = f.cause.kind;
    const shown = findOperation(f.operation)?.view;
    lines.set(`failed ${kind}`, whatToDo(kind, { operation: f.operation, shown, requestId: false }));
  }
  if (window.lost.length > 0) lines.set('lost', LOST);
  if (window.files === 0 && window.systems.length === 0) lines.set('none', NOTHING_READ);
  return [...lines.values()];
}

const LOST =
  "A lost file does not parse (cut short while written): that leg's result is unknown. Open the leg's job, read the systems' status (erp-status), and run the window's step again for them.";
const NOTHING_READ =
  "No result was read: no leg uploaded a file, or the download's pattern matched none. Check each leg's upload step and the report job's download (pattern, merge-multiple: true).";
