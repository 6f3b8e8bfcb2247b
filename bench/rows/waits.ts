import { ms, verdict, x, type Figures, type Row } from '../figures.js';
import { CHECK_READS, SETTLE_READS, type SETTINGS } from '../settings.js';

/** Figure 2, a wait: the fewest requests, no poll of a superseded URL, the end seen within a Retry-After. */
export function waitRows({ m, all }: Figures, s: typeof SETTINGS): Row[] {
  const { durationMs: T, retryAfterSeconds: r } = s.wait;
  // 1 read (C0) + the checks' lists + 1 POST + ⌈T/r⌉ polls + the settle reads.
  const ideal = 1 + CHECK_READS + 1 + Math.ceil(T / (r * 1000)) + SETTLE_READS;
  const requests = m('erp-stop wait', 'requests');
  const delay = m('erp-stop wait', 'endDelayMs');
  const rotating = 'erp-stop wait, rotating URLs';
  const rotatingRequests = m(rotating, 'requests');
  const superseded = Math.max(...all(rotating, 'supersededPolls'));
  return [
    [
      '2',
      `requests per wait (T = ${T / 1000} s, Retry-After ${r} s; ideal 1 read + ${CHECK_READS} lists for the checks + 1 POST + ⌈T/r⌉ polls + ${SETTLE_READS} settle read = ${ideal})`,
      `${requests} = ${x(requests / ideal)} ideal (max ${Math.max(...all('erp-stop wait', 'requests'))})`,
      '= 1.00 × ideal',
      verdict(requests === ideal),
    ],
    [
      '2',
      `requests per wait with a fresh polling URL on every answer, the older ones expiring (ideal ${ideal})`,
      `${rotatingRequests} = ${x(rotatingRequests / ideal)} ideal (max ${Math.max(...all(rotating, 'requests'))}), ${superseded} polls of a superseded URL`,
      '= 1.00 × ideal, 0',
      verdict(rotatingRequests === ideal && superseded === 0),
    ],
    [
      '2',
      'end detected after the server ends (step end − operation end)',
      ms(delay),
      `≤ ${ms(r * 1000 + 100)}`,
      verdict(delay <= r * 1000 + 100),
    ],
  ];
}
