import { FAN_OUT_CASES, WINDOW_CASES } from './cases/fleets.js';
import { PAGE_CASES } from './cases/pages.js';
import { STARTUP_CASES } from './cases/startup.js';
import { WAIT_CASES } from './cases/waits.js';
import { FLEET_CHECK_CASES } from './fleet-check.js';
import { FLEET_LIST_CASES } from './fleet-list.js';
import type { Case } from './harness.js';

/** Every case of the bench, by figure, in the order a round runs them (run.ts). */
export const CASES: Case[] = [
  ...STARTUP_CASES,
  ...WAIT_CASES,
  ...PAGE_CASES,
  ...FAN_OUT_CASES,
  ...FLEET_LIST_CASES,
  ...FLEET_CHECK_CASES,
  ...WINDOW_CASES,
];
