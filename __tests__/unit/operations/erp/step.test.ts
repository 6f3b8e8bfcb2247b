import { describe, expect, it } from '@jest/globals';
import { ServiceError } from '../../../../src/client/errors.js';
import type { HttpClient, HttpResponse } from '../../../../src/client/http.js';
import { planSystem } from '../../../../src/operations/erp/step-plans.js';
import { sendStep } from '../../../../src/operations/erp/step.js';

const ref = { subscriptionId: 'sub', resourceGroup: 'rg', name: 'X01', label: 'X01' };
const base = { baseUrl: new URL('https://management.example'), softStopTimeoutSeconds: 300 };

describe('sendStep: one sender for every step, the hard-stop fallback for any stop', () => {
  const refused = new ServiceError({ status: 400, code: 'SoftStopUnsupported', message: 'no soft stop' });
  const client = (answers: (HttpResponse | Error)[]) => {
    const bodies: unknown[] = [];
    const send = async (req: { json?: unknown }) => {
      bodies.push(req.json);
      const next = answers.shift()!;
      if (next instanceof Error) throw next;
      return next;
    };
    return { client: { send } as unknown as HttpClient, bodies };
  };
  const log = { info: () => undefined, warning: () => undefined, detail: () => undefined } as never;
  const [step] = planSystem(ref, { ...base, verb: 'stop', apiVersion: '2023-04-01', machines: false });

  it('a refused soft stop is sent again hard where allowed, and what was sent says so', async () => {
    const { client: c, bodies } = client([refused, { status: 202 } as HttpResponse]);
    const sent = { done: step!.describe };
    await sendStep(step!, { client: c, log, sent }, true);
    expect(bodies).toEqual([{ softStopTimeoutSeconds: 300 }, { softStopTimeoutSeconds: 0 }]);
    expect(sent.done).toBe('stop (hard; the soft stop of 300 s was refused: SoftStopUnsupported)');
  });

  it('without hard-stop-fallback the refusal stands, saying how to allow it', async () => {
    const { client: c, bodies } = client([refused]);
    const sending = sendStep(step!, { client: c, log }, false);
    await expect(sending).rejects.toThrow('hard-stop-fallback: true');
    expect(bodies).toHaveLength(1);
  });
});
