import { describe, expect, it } from '@jest/globals';
import { parseErrorBody } from '../../../../src/client/error-body.js';
import { parseBody, type HttpResponse } from '../../../../src/client/http.js';
import { userProfile } from '../../../../src/client/schemas/apps.js';
import { cachedImagesListSchema } from '../../../../src/client/schemas/cached-images.js';
import { synchronizationListSchema } from '../../../../src/client/schemas/data-share.js';
import { operationStatusResult } from '../../../../src/client/schemas/erp.js';

// The response schemas are built with zod/mini (src/client/schemas/zod.ts). This file imports no classic zod, so
// the messages below are the ones the client sets up itself.

const response = (body: unknown, status = 200): HttpResponse => ({
  status,
  headers: { 'content-type': 'application/json' },
  text: JSON.stringify(body),
  url: new URL('http://127.0.0.1/x'),
});

describe('response schemas (zod/mini)', () => {
  it('let unknown fields through, at every level', () => {
    const page = parseBody(
      response({ value: [{ status: 'Succeeded', extra: 1 }], nextLink: null, more: true }),
      synchronizationListSchema,
      'list',
    );
    expect(page).toEqual({ value: [{ status: 'Succeeded', extra: 1 }], nextLink: null, more: true });
  });

  it('fail a wrong shape of a field that decides with an English message and the path', () => {
    expect(() =>
      parseBody(response({ value: [{ status: 1.5 }] }), synchronizationListSchema, 'history'),
    ).toThrow(/history: Invalid input: expected string, received number at value\.0\.status /);
    expect(() => parseBody(response({ id: 7 }), operationStatusResult, 'status')).toThrow(
      /status: Invalid input: expected string, received number at id /,
    );
  });

  it('read a reported field out of range or malformed as unknown, with a debug line', () => {
    const lines: string[] = [];
    const debug = (line: string) => lines.push(line);
    const status = parseBody(
      { ...response({ status: 'Succeeded', percentComplete: 150, startTime: 'soon' }), debug },
      operationStatusResult,
      'status',
    );
    expect(status).toEqual({ status: 'Succeeded', percentComplete: undefined, startTime: undefined });
    const page = parseBody(
      { ...response({ value: [{ status: 'Succeeded', durationMs: 1.5 }] }), debug },
      synchronizationListSchema,
      'history',
    );
    expect(page.value![0]!.durationMs).toBeUndefined();
    expect(lines).toEqual([
      'status: percentComplete 150 is out of range or malformed; reported as unknown',
      'status: startTime "soon" is out of range or malformed; reported as unknown',
      'history: value.0.durationMs 1.5 is out of range or malformed; reported as unknown',
    ]);
  });

  it('echo a value let go without the query of any URL in it', () => {
    const lines: string[] = [];
    const body = { status: 'Succeeded', startTime: 'https://store.example/x?sig=s3cr3t' };
    parseBody({ ...response(body), debug: (line) => lines.push(line) }, operationStatusResult, 'status');
    expect(lines).toEqual([
      'status: startTime "https://store.example/x?…" is out of range or malformed; reported as unknown',
    ]);
  });

  it('keep their leniency: odd images dropped to {}, a missing list read as empty', () => {
    const body = { value: [{ image: 5, osType: 'Linux' }, 'not an object', { image: 'a:1' }] };
    expect(parseBody(response(body), cachedImagesListSchema, 'images').value).toEqual([
      { image: undefined, osType: 'Linux' },
      {},
      { image: 'a:1' },
    ]);
    expect(parseBody(response({}), cachedImagesListSchema, 'images').value).toEqual([]);
  });

  it('turn a numeric id into text', () => {
    expect(parseBody(response({ id: 42, display_name: null }), userProfile, 'user')).toEqual({
      id: '42',
      display_name: null,
    });
  });

  it('read the three error envelopes', () => {
    expect(parseErrorBody(response({ error: { code: 'A', message: 'a' } }, 400), 'x').message).toContain('A');
    expect(parseErrorBody(response({ code: 'B', message: 'b', details: 3 }, 400), 'x').message).toContain(
      'B',
    );
    expect(
      parseErrorBody(response({ error: 'invalid_client', error_description: 'nope' }, 401), 'x').message,
    ).toContain('invalid_client');
  });
});
