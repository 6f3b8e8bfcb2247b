import { parser, refuse } from '../../input-parser.js';

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
