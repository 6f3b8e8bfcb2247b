import { parser, refuse } from '../../input-parser.js';
import { booleanText, positiveDuration } from '../../parsers.js';

/** `for`: the window erp-check checks the systems for. */
export const checkFor = parser((raw) => {
  const word = raw.trim().toLowerCase();
  if (word === 'stop' || word === 'start' || word === 'restart') return word;
  return refuse('must be stop, start or restart');
});

/** erp-check's `fail-on`: `refuse` (a system refused fails the step), `unknown` (also one not checked), `none`. */
export const checkFailOn = parser((raw) => {
  const word = raw.trim().toLowerCase();
  if (word === 'refuse' || word === 'unknown' || word === 'none') return word;
  return refuse('must be refuse, unknown or none (erp-check)');
});

/** `preflight`: which checks a stop, start or restart makes before sending anything to a system. */
export const preflightLevel = parser((raw) => {
  const word = raw.trim().toLowerCase();
  if (word === 'basic' || word === 'full' || word === 'off') return word;
  return refuse('must be basic, full or off');
});

/** The inputs of the checks before a window and the health read after a start, as inputs.ts lists them. */
export const WINDOW_CHECK_INPUTS = {
  preflight: {
    description:
      "erp-stop, erp-start, erp-restart: the checks made before anything is sent to a system (erp-check's codes). basic: those that need no read beyond the system's own (every code but caller-lacks and identity-lacks); full: all of them; off: none. A system refused gets no request; the others go on.",
    default: 'basic',
    parse: preflightLevel,
  },
  'health-timeout': {
    description:
      "erp-start, erp-restart: after a verified start, how long the system's central services and application instances are read until every part is Healthy and every dispatcher Running (counted inside timeout).",
    default: '5m',
    parse: positiveDuration,
  },
  'expect-healthy': {
    description:
      'erp-start, erp-restart: true fails a system not healthy within health-timeout after its start (naming each part); false (the default) warns.',
    default: 'false',
    parse: booleanText,
  },
};
