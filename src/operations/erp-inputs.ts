import { def } from './input-definition.js';
import * as erp from './erp-parsers.js';
import * as p from './parsers.js';

/**
 * The inputs of erp's windows and fleets (selection, the whole system, the report, the checks before and the health
 * read after), in the contract's words: a part of the vocabulary of inputs.ts, kept apart so that file holds one room.
 */
export const ERP_WINDOW_INPUTS = {
  tag: def({
    description:
      'One or more tags a system must have, one per line or comma-separated (a value holds no comma): name=value, or name for a tag that is present; name: value is refused. Every one must match; names compare without case, values with case (a value that differs only in case or space is named in a warning, never selected).',
    parse: erp.tagRules,
  }),
  environment: def({
    description: 'Prod or NonProd: only systems of that environment (compared with case, as tag values).',
    parse: erp.environment,
  }),
  'per-leg': def({
    description: 'How many systems each entry (leg) of the matrix output carries.',
    default: '1',
    parse: p.integer(1, 1000),
  }),
  'fail-if-empty': def({
    description:
      'true to fail the step when no system is selected (erp-list, and erp-stop, erp-start, erp-restart, erp-status selecting by tag or from-result); false: an empty selection succeeds, titled no system selected (erp-list sets count 0 and matrix {"include": []}). A step that changes things fails by default: a green stop that stopped nothing lets the maintenance run against live systems.',
    default: 'false',
    parse: p.booleanText,
  }),
  'from-result': def({
    description:
      "The result-file of an earlier erp-stop (or erp-list) of the window: its systems are the selection (a stop's: every system it acted on, not those it skipped), whatever their tags are now. Not with erp-virtual-instance, tag or environment; a file of another operation or of a dry run is refused before any request.",
    // A path here; the operations that read it parse the file (erp-list/select.ts: erp/ holds the result file's shape).
    parse: p.text,
  }),
  'whole-system': def({
    description:
      "true: each system's application and its HANA database instance(s), and with deallocate-vm/start-vm their machines, in the safe order (stop: application, databases, then the machines; start: databases, then the application); false: the system-level stop or start alone.",
    default: 'false',
    parse: p.booleanText,
  }),
  'database-soft-stop-timeout-seconds': def({
    description:
      'With whole-system: true, the soft-stop timeout of each HANA database stop (default 0); 0 to 1799 (the service refuses more). Refused without whole-system: true.',
    parse: p.integer(0, 1799),
  }),
  results: def({
    description:
      "erp-report: the directory the window's result files were downloaded to (actions/download-artifact with pattern and merge-multiple: true), read recursively.",
    parse: p.text,
  }),
  expected: def({
    description:
      "erp-report, for a small window: the systems it was to act on (erp-list's matrix output as it is, its ids, or a JSON array of ids or names; each system once, ids without case). Not needed where erp-list's result file is among the results; a runner's input is limited to 128 KiB (about 900 systems).",
    parse: erp.expectedSystems,
  }),
  'run-id': def({
    description:
      "erp-report: the run whose files make the window (files of another run are named and left out); by default, in the action, the runner's GITHUB_RUN_ID; on the command line, the run of the newest file.",
    parse: p.text,
  }),
  'fail-on': def({
    description:
      'erp-report: any fails the step when the verdict fails (a system failed, missing, not sent or still running; a step failed before acting; a file lost; nothing read); none reports the same page without failing. erp-check: refuse (its default) fails the step when a system is refused, unknown also when a check could not be made, none never.',
    default: 'any',
    parse: erp.failOn,
  }),
  // erp-stop, erp-start, erp-restart: the checks before the window and the health read after a start.
  preflight: def({
    description:
      "erp-stop, erp-start, erp-restart: the checks made before anything is sent to a system (erp-check's codes). basic: those that need no read beyond the system's own (every code but caller-lacks and identity-lacks); full: all of them; off: none. A system refused gets no request; the others go on.",
    default: 'basic',
    parse: erp.preflightLevel,
  }),
  'health-timeout': def({
    description:
      "erp-start, erp-restart: after a verified start, how long the system's central services and application instances are read until every part is Healthy and every dispatcher Running (counted inside timeout).",
    default: '5m',
    parse: p.positiveDuration,
  }),
  'expect-healthy': def({
    description:
      'erp-start, erp-restart: true fails a system not healthy within health-timeout after its start (naming each part); false (the default) warns.',
    default: 'false',
    parse: p.booleanText,
  }),
  for: def({
    description: 'erp-check: the window the systems are checked for: stop, start or restart.',
    default: 'stop',
    parse: erp.checkFor,
  }),
};
