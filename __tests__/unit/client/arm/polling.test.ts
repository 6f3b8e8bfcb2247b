import { describe, expect, it } from '@jest/globals';
import type { HttpResponse } from '../../../../src/client/http.js';
import { movedTo, readAnswer, type PollingMode } from '../../../../src/client/arm/polling.js';
import { operationUrls } from '../../../../src/operations/url-parsers.js';

const URL_ = new URL('https://m.example/op');
const answer = (status: number, body: unknown, headers: Record<string, string> = {}): HttpResponse => ({
  status,
  headers,
  url: URL_,
  text: body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body),
});
const RESOURCE = { id: '/x/X01', name: 'X01', properties: { provisioningState: 'Succeeded' } };

describe('readAnswer: the state of a poll answer by the header that gave the URL', () => {
  it.each<[PollingMode, HttpResponse, string, string | undefined]>([
    // Location: the HTTP status decides; a status in the body, where present, says how it ended.
    ['location', answer(202, undefined), 'running', undefined],
    ['location', answer(202, { status: 'Succeeded' }), 'running', 'Succeeded'],
    ['location', answer(200, RESOURCE), 'succeeded', 'Succeeded'],
    ['location', answer(200, { properties: { provisioningState: 'Failed' } }), 'failed', 'Failed'],
    ['location', answer(200, { status: 'Failed', error: { code: 'E' } }), 'failed', 'Failed'],
    ['location', answer(200, { status: 'InProgress' }), 'running', 'InProgress'],
    ['location', answer(204, undefined), 'succeeded', 'Succeeded'],
    ['location', answer(201, undefined), 'succeeded', 'Succeeded'],
    ['location', answer(200, 'not json'), 'succeeded', 'Succeeded'],
    // vendor-AsyncOperation: the status result's status decides; none is still running.
    ['async', answer(200, { status: 'InProgress' }), 'running', 'InProgress'],
    ['async', answer(200, { percentComplete: 40 }), 'running', undefined],
    ['async', answer(200, { status: 'completed' }), 'succeeded', 'completed'],
    ['async', answer(202, undefined), 'running', undefined],
    // Unknown (a resumed URL): as async, but a 204 or a resource is Location's.
    ['unknown', answer(204, undefined), 'succeeded', 'Succeeded'],
    ['unknown', answer(200, RESOURCE), 'succeeded', 'Succeeded'],
    ['unknown', answer(200, { percentComplete: 40 }), 'running', undefined],
    ['unknown', answer(200, { status: 'Canceled' }), 'failed', 'Canceled'],
  ])('%s: %j is %s (status %s)', (mode, response, state, status) => {
    const read = readAnswer(response, mode, 'operation status');
    expect(read.state).toBe(state);
    expect(read.body.status ?? undefined).toBe(status);
  });

  it('keeps the resource of a final Location 200 in the result', () => {
    expect(readAnswer(answer(200, RESOURCE), 'location', 'x').body).toEqual({
      status: 'Succeeded',
      resource: RESOURCE,
    });
  });

  it.each<PollingMode>(['async', 'unknown'])('%s: a 200 that is not a status result is an error', (mode) => {
    expect(() => readAnswer(answer(200, undefined), mode, 'operation status')).toThrow(/not JSON/);
    expect(() => readAnswer(answer(204, undefined), 'async', 'operation status')).toThrow(/not JSON/);
  });
});

describe('movedTo: where a poll answer moves the poller', () => {
  const both = { 'vendor-asyncoperation': 'https://m.example/a2', location: 'https://m.example/l2' };
  it.each<[PollingMode, Record<string, string>, 'running' | 'succeeded', string | undefined]>([
    ['async', both, 'running', 'https://m.example/a2'],
    ['async', { location: 'https://m.example/l2' }, 'running', undefined],
    ['location', { location: 'https://m.example/l2' }, 'running', 'https://m.example/l2'],
    // On a final answer, Location names the resource, not an operation.
    ['location', { location: 'https://m.example/l2' }, 'succeeded', undefined],
    ['location', { 'vendor-asyncoperation': 'https://m.example/a2' }, 'running', undefined],
    ['unknown', { location: 'https://m.example/l2' }, 'running', 'https://m.example/l2'],
    ['unknown', both, 'succeeded', 'https://m.example/a2'],
    ['async', {}, 'running', undefined],
  ])('%s with %j while %s: %s', (mode, headers, state, to) => {
    expect(movedTo(answer(202, undefined, headers), mode, state)?.link).toBe(to);
  });
});

describe('operationUrls: one URL, one per line, or a JSON array', () => {
  const a = 'https://m.example/op/1?api-version=1&sig=abc';
  const b = 'https://m.example/op/2?api-version=1';
  it.each([
    [a, [a]],
    [`${a}\n${b}\n`, [a, b]],
    [`  ${a}\r\n\r\n${b}  `, [a, b]],
    [JSON.stringify([a, b]), [a, b]],
    [JSON.stringify([a, a]), [a]],
    ['[]', []],
  ])('reads %j', (raw, urls) => {
    expect(operationUrls.parse(raw)).toEqual(urls);
  });

  it.each([
    [`${a}${b}`, 'line 1 holds more than one URL'],
    [`${a} ${b}`, 'line 1 has whitespace inside'],
    [`${a}\n/op/2`, 'line 2 is not an absolute URL'],
    [`${a}\nftp://m.example/x`, 'line 2 is not an http or https URL'],
    [`https://u:p@m.example/op`, 'line 1 must not carry a user name or password'],
    [JSON.stringify([a, 1]), 'item 2 of the JSON array is not a string'],
    ['["x"', 'is not a JSON array of URLs'],
    ['\n \n', 'must name at least one URL'],
  ])('refuses %j: %s', (raw, reason) => {
    const parsed = operationUrls.safeParse(raw);
    expect(parsed.success).toBe(false);
    const message = parsed.error!.issues[0]!.message;
    expect(message).toContain(reason);
    // Neither a signature nor a password is echoed.
    expect(message).not.toMatch(/sig=|u:p/);
  });
});
