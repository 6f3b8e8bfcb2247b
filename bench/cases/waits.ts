import { erpStopCase, type Case } from '../harness.js';
import { SETTINGS } from '../settings.js';

/**
 * Figure 2, waits: one instance whose stop takes T on the server, with Retry-After r on every answer that is not
 * the end; `rotating`: each answer hands out a fresh polling URL and the older ones expire, as the vendor's
 * recording shows.
 */
const wait = (rotating: boolean): Case => ({
  name: rotating ? 'erp-stop wait, rotating URLs' : 'erp-stop wait',
  run(env) {
    const knobs = rotating ? { rotatePollingUrl: true } : {};
    return erpStopCase(env, {
      name: this.name,
      names: ['E01'],
      timing: SETTINGS.wait,
      knobs,
      measure: (emu, run) => {
        const serverEnd = emu.erp.stops[0]!.startedAt + SETTINGS.wait.durationMs;
        const stepEnd = run.closedAt + (emu.now() - Date.now());
        // A poll of a superseded URL fails the step (404), so a success means none was sent.
        return {
          wallMs: run.wallMs,
          rssKiB: run.peakRssKiB,
          requests: emu.requests.length,
          endDelayMs: stepEnd - serverEnd,
          supersededPolls: emu.erp.supersededPolls,
        };
      },
    });
  },
});

export const WAIT_CASES: Case[] = [wait(false), wait(true)];
