import { describe, expect, it } from '@jest/globals';
import type { SignIn } from '../../../src/client/connect.js';
import { ServiceError } from '../../../src/client/errors.js';
import { AccessRefusals } from '../../../src/runtime/access-refusals.js';

const response = (status: number, body: unknown = {}, requestId = `req-${status}`) => ({
  status,
  headers: {},
  text: JSON.stringify(body),
  url: new URL('http://127.0.0.1/x'),
  requestId,
});
const denied = (scope: string, requestId: string) =>
  response(
    403,
    {
      error: {
        code: 'AuthorizationFailed',
        message: `… perform action 'A/stop/action' over scope '${scope}' or …`,
      },
    },
    requestId,
  );
const failed = { outputs: {}, summary: [], failure: 'it failed' };
const token: SignIn = { kind: 'access-token', accessToken: 'never-shown-123456' };

describe('the resource manager refusals, gathered over a step', () => {
  it('a 401 no request got past is thrown once, naming the input and never the token', () => {
    const refusals = new AccessRefusals();
    for (let i = 0; i < 3; i++)
      refusals.observe(response(401, { error: { code: 'InvalidAuthenticationToken' } }));
    let thrown: unknown;
    try {
      refusals.settle(failed, { signIn: token });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ServiceError);
    expect((thrown as ServiceError).message).toContain('refused the credential from access-token');
    expect((thrown as ServiceError).message).not.toContain('never-shown');
  });

  it('a 401 after a request got past (a token that lapsed, or renewed) is left to each system', () => {
    const refusals = new AccessRefusals();
    refusals.observe(response(200));
    refusals.observe(response(401));
    expect(refusals.settle(failed, { signIn: token })).toBeUndefined();
  });

  it('nothing is said of a step that did not fail', () => {
    const refusals = new AccessRefusals();
    refusals.observe(response(401));
    refusals.observe(denied('/s', 'r1'));
    expect(refusals.settle({ outputs: {}, summary: [] }, { signIn: token })).toBeUndefined();
  });

  it('403s: one entry per action and scope (scopes compare without case), with every request id', () => {
    const refusals = new AccessRefusals();
    refusals.observe(denied('/subscriptions/s/resourceGroups/RG', 'r1'));
    refusals.observe(denied('/subscriptions/s/resourcegroups/rg', 'r2'));
    refusals.observe(denied('/subscriptions/s/resourceGroups/other', 'r3'));
    refusals.observe(response(403, { error: { code: 'Forbidden', message: 'no' } }));
    const diagnosis = refusals.settle(failed, { signIn: token, snooze: 'start-vm' });
    expect(diagnosis?.lacked).toEqual([
      { action: 'A/stop/action', scope: '/subscriptions/s/resourceGroups/RG', requestIds: ['r1', 'r2'] },
      { action: 'A/stop/action', scope: '/subscriptions/s/resourceGroups/other', requestIds: ['r3'] },
    ]);
    expect(diagnosis?.whatToDo).toContain(
      'With start-vm, the system starts its virtual machines with its own identity',
    );
  });

  it('condense: a message met again is quoted once; distinct ones and a failure without them stay as they are', () => {
    const refusals = new AccessRefusals();
    refusals.observe(denied('/one', 'r1'));
    refusals.observe(denied('/one', 'r2'));
    refusals.observe(denied('/two', 'r3'));
    const one = "… perform action 'A/stop/action' over scope '/one' or …";
    const two = "… perform action 'A/stop/action' over scope '/two' or …";
    expect(refusals.condense(`X: ${one} (r1). Y: ${one} (r2). Z: ${two} (r3).`)).toBe(
      `X: ${one} (r1). Y: the same as request-id r1 (r2). Z: ${two} (r3).`,
    );
    expect(refusals.condense('timed out')).toBe('timed out');
    expect(refusals.condense(undefined)).toBeUndefined();
  });
});
