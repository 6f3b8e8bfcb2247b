import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { InputError } from '../../src/client/errors.js';
import { startEmulator, type ServiceEmulator } from '../../src/emulator/index.js';
import { expectNoCrash, inputsFor, runInProcess, scanRun, SUB } from './harness.js';
import { counts, writeCountsAfterAll } from './tally.js';

/**
 * Hostile input, property-based: every value is either refused before any request, by an error naming the
 * input, or accepted and sent so that the path the emulator receives is the designed one (each name one
 * percent-encoded segment). Nothing crashes, nothing leaks.
 */
writeCountsAfterAll(import.meta.url);

let emu: ServiceEmulator;
beforeAll(async () => {
  emu = await startEmulator({
    // Each stop ends at once: a stop still in progress would be followed, not sent again (issue 42), and every
    // value tried must show the request it designs.
    erp: { defaults: { respond: 200, steps: ['Succeeded'] } },
    dataShare: {
      synchronizations: [{ synchronizationId: 's1', status: 'Succeeded', startTime: '2026-01-01T00:00:00Z' }],
    },
    cachedImages: { regions: { westeurope: [{ image: 'docker.io/library/nginx:latest', osType: 'Linux' }] } },
  });
});
afterAll(async () => {
  expect(emu.secondOriginCredentialLeaks).toEqual([]);
  await emu.close();
});

const E = encodeURIComponent;
const PIECES = [
  '/',
  '..',
  '.',
  '?',
  '#',
  '%',
  '%2F',
  '%2e%2e',
  ' ',
  '\t',
  'é',
  '名',
  '😀',
  '\u202e',
  '\u0000',
  '\u0007',
];
const MORE = ['\n', ',', '\\', '+', '&', '=', ';', "'", '"', '<', '>', '@', 'a', 'Z', '0', '-', '_', '~'];

/** Names of every awkward shape: path and query characters, dots, spaces, unicode, control characters, 10 000 characters. */
const hostileName = fc.oneof(
  fc.array(fc.constantFrom(...PIECES, ...MORE), { minLength: 1, maxLength: 12 }).map((a) => a.join('')),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 24 }),
  fc.constantFrom(
    'x'.repeat(10_000),
    '../../etc/passwd',
    '..',
    '.',
    'a/b',
    'a?b=c',
    'a#b',
    '%zz',
    ' ',
    'rg name',
  ),
);

/** How the parsers trim and split, so the designed path can be computed for a value that was accepted. */
const trimmed = (v: string) => v.trim();
const items = (v: string) => [
  ...new Set(
    v
      .split(/[\n,]/)
      .map((s) => s.trim())
      .filter(Boolean),
  ),
];

interface InputCase {
  operation: string;
  input: string;
  values: fc.Arbitrary<string>;
  /** Extra inputs that keep the run short. */
  extra?: Record<string, string>;
  /** The request whose path (or query, or body) the input shapes, and what it must be. */
  method: string;
  endpoint: RegExp;
  designed: (value: string) => {
    paths?: string[];
    /** The whole request targets (path and query), as a set. */
    targets?: string[];
    check?: (target: string, body: string) => void;
  };
}

const erpPath = (sub: string, rg: string, name: string) =>
  `/subscriptions/${E(sub)}/resourceGroups/${E(rg)}/providers/Vendor.Workloads/erpVirtualInstances/${E(name)}/stop`;
const syncPath = (sub: string, rg: string, acct: string, share: string) =>
  `/subscriptions/${E(sub)}/resourceGroups/${E(rg)}/providers/Vendor.DataShare/accounts/${E(acct)}/shareSubscriptions/${E(share)}/listSourceShareSynchronizationSettings`;
const STOP = /\/stop$/;
const SETTINGS = /\/listSourceShareSynchronizationSettings$/;
// One emulator serves every run: an instance a run stopped is Offline for the next, which must still send its stop.
const NO_WAIT = { wait: 'false', 'skip-if-done': 'false' };

const numberish = fc.oneof(
  fc.integer({ min: -1e9, max: 1e9 }).map(String),
  fc.double({ noNaN: false }).map(String),
  fc.bigInt({ min: 0n, max: 10n ** 30n }).map(String),
  fc.constantFrom(
    '',
    ' ',
    '1.5',
    '-0',
    '+3',
    '0x10',
    '1e3',
    'NaN',
    'Infinity',
    '٣',
    '10 000',
    '9007199254740993',
  ),
);
const durations = fc.oneof(
  numberish,
  fc.constantFrom(
    '90s',
    '15m',
    '2h',
    '250ms',
    '5 m',
    '1d',
    '-5s',
    '1.2.3s',
    'soon',
    's',
    '8d',
    '604801',
    '1h30m',
  ),
);

/** A polling URL on the emulator's origin ({origin}) with a hostile piece in its path or query. */
const urlOnOrigin = hostileName.map(
  (h) =>
    `{origin}/subscriptions/${h}/providers/Vendor.Workloads/locations/w/operationStatuses/op?api-version=1`,
);
const operationUrl = fc.oneof(
  hostileName,
  urlOnOrigin,
  fc.constantFrom(
    '{origin}/op?api-version=1',
    '{origin}/op?sig=a%20b',
    'http://user:pass@127.0.0.1/op',
    'http://[::1',
    'https://evil.example/op',
    'javascript:alert(1)',
    '//evil.example/op',
    '/subscriptions/s/op',
    'file:///etc/passwd',
  ),
);
/** operation-url values: one URL, several joined by a line break (or glued, or by a space or comma), or JSON. */
const operationUrlLists = fc.oneof(
  operationUrl,
  fc
    .tuple(
      fc.array(operationUrl, { minLength: 1, maxLength: 4 }),
      fc.constantFrom('\n', '\r\n', '\n\n', '', ' ', ', ', '\t'),
    )
    .map(([urls, sep]) => urls.join(sep)),
  fc.array(operationUrl, { maxLength: 4 }).map((urls) => JSON.stringify(urls)),
  fc.constantFrom('[', '[1]', '{"a":1}', '[null]', '["{origin}/op?api-version=1",]', '"{origin}/op"'),
);

/** The URLs an accepted operation-url value names, as the parser reads it. */
function urlsIn(value: string): URL[] {
  const v = value.trim();
  const texts: string[] = v.startsWith('[')
    ? JSON.parse(v)
    : v
        .split(/\r\n|\r|\n/)
        .map((s) => s.trim())
        .filter(Boolean);
  return texts.map((t) => new URL(t));
}

const CASES: InputCase[] = [
  ...(['subscription-id', 'resource-group', 'erp-virtual-instance'] as const).map((input) => ({
    operation: 'erp-stop',
    input,
    values: hostileName,
    extra: NO_WAIT,
    method: 'POST',
    endpoint: STOP,
    designed: (v: string) => ({
      paths:
        input === 'erp-virtual-instance'
          ? items(v).map((name) => erpPath(SUB, 'rg', name))
          : [
              erpPath(
                input === 'subscription-id' ? trimmed(v) : SUB,
                input === 'resource-group' ? trimmed(v) : 'rg',
                'X01',
              ),
            ],
    }),
  })),
  ...(['subscription-id', 'resource-group', 'account-name', 'share-subscription'] as const).map((input) => ({
    operation: 'wait-for-sync',
    input,
    values: hostileName,
    method: 'POST',
    endpoint: SETTINGS,
    designed: (v: string) => {
      const p = {
        'subscription-id': SUB,
        'resource-group': 'rg',
        'account-name': 'acct',
        'share-subscription': 'share',
      };
      p[input] = trimmed(v);
      return {
        paths: [
          syncPath(p['subscription-id'], p['resource-group'], p['account-name'], p['share-subscription']),
        ],
      };
    },
  })),
  ...(['filter', 'orderby', 'synchronization-id'] as const).map((input) => ({
    operation: 'wait-for-sync',
    input,
    values: hostileName,
    extra: { timeout: '1s' },
    method: 'POST',
    endpoint: /\/listSynchronizations$/,
    designed: (v: string) => ({
      check: (target: string) => {
        // Path unchanged; a query value arrives whole, as one parameter.
        expect(target.split('?')[0]).toBe(
          syncPath(SUB, 'rg', 'acct', 'share').replace(/listSource.*$/, 'listSynchronizations'),
        );
        const query = new URLSearchParams(target.split('?')[1]);
        // Blank is not given: no $filter, and the default order.
        if (input === 'filter') expect(query.get('$filter')).toBe(trimmed(v) || null);
        if (input === 'orderby') expect(query.get('$orderby')).toBe(trimmed(v) || 'startTime desc');
        expect(query.getAll('api-version')).toEqual(['2021-08-01']);
      },
    }),
  })),
  {
    operation: 'check-image-cached',
    input: 'location',
    values: hostileName,
    method: 'GET',
    endpoint: /\/cachedImages$/,
    // One region or several (issue 52): each accepted region is listed, as one encoded segment.
    designed: (v) => ({
      paths: items(v).map(
        (region) =>
          `/subscriptions/${SUB}/providers/Vendor.ContainerInstance/locations/${E(region)}/cachedImages`,
      ),
    }),
  },
  {
    operation: 'check-image-cached',
    input: 'subscription-id',
    values: fc.oneof(
      hostileName,
      fc.uuid().map((u) => `${u}x`),
      fc.constantFrom('sub-1', '00000000-0000-0000-0000-00000000000'),
    ),
    method: 'GET',
    endpoint: /\/cachedImages$/,
    designed: (v) => ({
      paths: [
        `/subscriptions/${trimmed(v)}/providers/Vendor.ContainerInstance/locations/westeurope/cachedImages`,
      ],
    }),
  },
  {
    operation: 'check-image-cached',
    input: 'image',
    values: hostileName,
    method: 'GET',
    endpoint: /\/cachedImages$/,
    designed: () => ({
      paths: [`/subscriptions/${SUB}/providers/Vendor.ContainerInstance/locations/westeurope/cachedImages`],
    }),
  },
  {
    operation: 'app-remove-user',
    input: 'user-email',
    values: fc.oneof(
      hostileName,
      fc.emailAddress(),
      fc
        .tuple(hostileName, fc.constantFrom('@contoso.com', '@x', '@@x.org', '@xn--80ak6aa92e.com'))
        .map(([a, b]) => a + b),
      fc.constantFrom(
        'Jane <jane@x.org>',
        'jane@',
        '@x.org',
        'a b@x.org',
        'jane@x.org/../..',
        `${'a'.repeat(250)}@x.org`,
      ),
    ),
    method: 'DELETE',
    endpoint: /^\/v0\.1\/apps\//,
    designed: (v) => ({ paths: items(v).map((email) => `/v0.1/apps/contoso/shop/users/${E(email)}`) }),
  },
  {
    operation: 'app-remove-user',
    input: 'app',
    values: fc.oneof(
      hostileName,
      fc.tuple(hostileName, hostileName).map(([o, a]) => `${o}/${a}`),
      fc
        .tuple(fc.constantFrom('users', 'orgs', 'apps', ''), hostileName, hostileName)
        .map(([kind, o, a]) => `https://portal.example/${kind}/${o}/apps/${a}`),
      fc.constantFrom(
        'contoso/shop',
        'contoso/shop/extra',
        '/shop',
        'contoso/',
        'javascript:alert(1)',
        'ftp://x/orgs/a/apps/b',
      ),
    ),
    method: 'DELETE',
    endpoint: /^\/v0\.1\/apps\//,
    designed: () => ({
      check: (target: string) =>
        expect(target).toMatch(/^\/v0\.1\/apps\/[\w.~-]+\/[\w.~-]+\/users\/leaver%40contoso\.com$/),
    }),
  },
  {
    // The emulator is shared: after the first accepted run leaver@ is absent, which exercises both answers.
    operation: 'app-remove-user',
    input: 'fail-if-absent',
    values: fc.oneof(
      hostileName,
      numberish,
      fc.constantFrom(
        'true',
        'false',
        'TRUE',
        ' False\n',
        'yes',
        'no',
        'on',
        '1',
        'true\nfalse',
        'true,false',
      ),
    ),
    method: 'DELETE',
    endpoint: /^\/v0\.1\/apps\//,
    designed: (v) => ({
      paths: ['/v0.1/apps/contoso/shop/users/leaver%40contoso.com'],
      // Accepted only as true or false in any case, or blank (not given: the default).
      check: () => expect(['true', 'false', '']).toContain(v.trim().toLowerCase()),
    }),
  },
  {
    operation: 'erp-stop',
    input: 'soft-stop-timeout-seconds',
    values: numberish,
    extra: NO_WAIT,
    method: 'POST',
    endpoint: STOP,
    designed: (v) => ({
      check: (_t: string, body: string) =>
        expect(JSON.parse(body)).toEqual({
          softStopTimeoutSeconds: trimmed(v) === '' ? 0 : Number(trimmed(v)),
        }),
    }),
  },
  ...(['max-parallel', 'timeout', 'poll-interval'] as const).map((input) => ({
    operation: 'erp-stop',
    input,
    values: input === 'max-parallel' ? numberish : durations,
    extra: NO_WAIT,
    method: 'POST',
    endpoint: STOP,
    designed: () => ({ paths: [erpPath(SUB, 'rg', 'X01')] }),
  })),
  {
    operation: 'wait-for-sync',
    input: 'started-after',
    values: fc.oneof(
      hostileName,
      fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
      fc.constantFrom(
        '2026-13-01',
        '2026-02-30T00:00:00Z',
        'yesterday',
        '1700000000',
        '2026-01-01T25:00Z',
        '+275760-09-13',
      ),
    ),
    extra: { timeout: '1s' },
    method: 'POST',
    endpoint: SETTINGS,
    designed: () => ({ paths: [syncPath(SUB, 'rg', 'acct', 'share')] }),
  },
  {
    operation: 'wait-for-operation',
    input: 'operation-url',
    values: operationUrlLists,
    extra: { timeout: '1s' },
    method: 'GET',
    endpoint: /./,
    // Accepted: every URL of the list polled as given (resolved as a URL parser does), and nothing else.
    designed: (v) => ({ targets: urlsIn(v).map((u) => u.pathname + u.search) }),
  },
  ...(['access-token', 'api-token'] as const).map((input) => ({
    operation: input === 'access-token' ? 'erp-stop' : 'app-current-user',
    input,
    // A blank token is no token: the step then asks for a way to sign in, which other tests cover.
    values: hostileName.filter((v) => v.trim() !== ''),
    // app-current-user reads no wait: given, it would be refused before the token.
    extra: input === 'access-token' ? NO_WAIT : {},
    // erp-stop's first request that carries the token is the read of the instance (C0).
    method: 'GET',
    endpoint: /./,
    designed: () => ({ check: () => undefined }),
  })),
];

describe.each(CASES)('$operation, input $input', (c) => {
  it('refuses before any request naming the input, or sends the designed request', async () => {
    await fc.assert(
      fc.asyncProperty(c.values, async (generated) => {
        counts.inputsTried++;
        // The emulator's origin is known only once it runs: values name it as {origin}.
        const value = generated.replaceAll('{origin}', emu.url);
        emu.requests.length = 0;
        const inputs = {
          operation: c.operation,
          ...inputsFor(c.operation, emu),
          ...c.extra,
          [c.input]: value,
        };
        const r = await runInProcess(inputs);
        expectNoCrash(r);
        // A hostile token is a secret too.
        scanRun(r, emu, c.input.endsWith('token') ? [value.trim()] : []);
        if (r.error instanceof InputError) {
          expect(r.error.input).toBe(c.input);
          expect(r.error.message).toMatch(new RegExp(`^Input '${c.input}': `));
          expect(emu.requests).toEqual([]);
          counts.inputsRefused++;
          return;
        }
        const sent = emu.requests.filter((q) => q.method === c.method && c.endpoint.test(q.url.pathname));
        const { paths, targets, check } = c.designed(value);
        // An empty list of operations is accepted and needs no request. A path past 16 KiB (a 10 000-character
        // owner and app) is refused by the emulator's HTTP server itself, 431 before any route records it: the
        // step must then fail on that answer, as it would on the service's.
        const refusedAsTooLong = value.length > 16 * 1024 && !r.ok && r.everything.includes('HTTP 431');
        if (targets?.length !== 0 && !refusedAsTooLong) expect(sent.length).toBeGreaterThan(0);
        expect(emu.requests.filter((q) => q.origin === 'secondary')).toEqual([]);
        if (paths) expect(new Set(sent.map((q) => q.target.split('?')[0]))).toEqual(new Set(paths));
        if (targets) expect(new Set(sent.map((q) => q.target))).toEqual(new Set(targets));
        for (const q of sent) check?.(q.target, q.body);
        counts.inputsEncoded++;
      }),
      { numRuns: 30 },
    );
  });
});
