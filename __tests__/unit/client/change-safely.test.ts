import { describe, expect, it } from '@jest/globals';
import { changeSafely, type ChangeSafelyOptions } from '../../../src/client/change-safely.js';
import { VirtualClock } from '../../../src/client/clock.js';
import { ServiceError } from '../../../src/client/errors.js';
import type { HttpResponse } from '../../../src/client/http.js';

const OK = { status: 202, text: '', headers: {} } as unknown as HttpResponse;
const ID = 'c0ffee00-0000-4000-8000-000000000001';
const lost = () => new ServiceError({ status: 504, effectUnknown: true, clientRequestId: ID });
const refused = () => new ServiceError({ status: 409, code: 'Conflict', clientRequestId: ID });

/** A change whose attempts answer in turn (an error is thrown), and what each attempt carried. */
function change(answers: (HttpResponse | ServiceError)[], rest: Partial<ChangeSafelyOptions<string>> = {}) {
  const clock = new VirtualClock();
  const ids: (string | undefined)[] = [];
  const findings: boolean[] = [];
  const lines: string[] = [];
  const run = changeSafely<string>({
    what: 'the stop',
    findingOutBy: 'Reading the instance',
    send: async (id) => {
      ids.push(id);
      const answer = answers[Math.min(ids.length - 1, answers.length - 1)]!;
      if (answer instanceof ServiceError) throw answer;
      return answer;
    },
    findOut: async ({ conflict }) => {
      findings.push(conflict);
      return { notActed: "'X01' is Running: the service did not act" };
    },
    clock,
    deadline: clock.now() + 3_600_000,
    log: { info: (m) => lines.push(m), warning: (m) => lines.push(m) },
    ...rest,
  });
  return { run, clock, ids, findings, lines };
}

describe('changeSafely', () => {
  it('sends a change refused with 409 on its first attempt once, and finds nothing out', async () => {
    const c = change([refused()]);
    await expect(c.run).rejects.toMatchObject({ status: 409 });
    expect(c.ids).toEqual([undefined]);
    expect(c.findings).toEqual([]);
    expect(c.clock.sleeps).toEqual([]);
  });

  it('sends again where the service did not act: paced on the clock, with the first attempt’s client request id', async () => {
    const c = change([lost(), OK]);
    await expect(c.run).resolves.toEqual({ response: OK });
    expect(c.ids).toEqual([undefined, ID]);
    expect(c.clock.sleeps).toHaveLength(1);
    expect(c.clock.sleeps[0]).toBeGreaterThanOrEqual(250);
    expect(c.lines[0]).toContain(`the stop (client-request-id ${ID}) was answered HTTP 504`);
    expect(c.lines[1]).toMatch(/the service did not act; sending the stop again in [\d.]+ s$/);
  });

  it('a 409 after an attempt of unknown effect is found out (conflict), and never sent again', async () => {
    const c = change([lost(), refused()]);
    await expect(c.run).rejects.toMatchObject({ status: 409 });
    expect(c.ids).toHaveLength(2);
    expect(c.findings).toEqual([false, true]);
  });

  it('returns what the finding out found where the service acted', async () => {
    const c = change([lost()], { findOut: async () => ({ acted: 'Stopping' }) });
    await expect(c.run).resolves.toMatchObject({ acted: 'Stopping', cause: { status: 504 } });
    expect(c.ids).toHaveLength(1);
  });

  it('gives up after the attempts, saying the service did not act', async () => {
    const c = change([lost()]);
    const error = await c.run.catch((e: unknown) => e as ServiceError);
    expect(c.ids).toHaveLength(5);
    expect(error).toMatchObject({ effectUnknown: false });
    expect((error as ServiceError).hint).toBe(
      "Sent 5 times; after each, 'X01' is Running: the service did not act.",
    );
  });

  it('a refusal the finding out names keeps the service’s failure, with the note', async () => {
    const c = change([lost()], { findOut: async () => ({ refused: 'Another run goes on.' }) });
    await expect(c.run).rejects.toMatchObject({ status: 504, hint: 'Another run goes on.' });
    expect(c.ids).toHaveLength(1);
  });
});
