import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import {
  ImageReferenceError,
  imageKey,
  parseImageReference,
  sameImage,
} from '../../../../src/operations/cached-images/image-reference.js';

const SHA = 'a'.repeat(64);
const OTHER_SHA = 'b'.repeat(64);

function reasonFor(input: string): string {
  try {
    parseImageReference(input);
  } catch (error) {
    if (error instanceof ImageReferenceError) return error.reason;
    throw error;
  }
  throw new Error(`${JSON.stringify(input)} parsed, but should have been rejected`);
}

const keyOf = (input: string) => imageKey(parseImageReference(input));

describe('parseImageReference', () => {
  it('fills in what a registry assumes', () => {
    expect(parseImageReference('nginx')).toEqual({
      registry: 'docker.io',
      repository: 'library/nginx',
      tag: 'latest',
      canonical: 'docker.io/library/nginx:latest',
    });
    expect(parseImageReference('  localhost:5000/app ')).toEqual({
      registry: 'localhost:5000',
      repository: 'app',
      tag: 'latest',
      canonical: 'localhost:5000/app:latest',
    });
    expect(parseImageReference('GHCR.io/org/app:v1').canonical).toBe('ghcr.io/org/app:v1');
  });

  it('keeps a digest, and does not invent a tag beside it', () => {
    expect(parseImageReference(`nginx@sha256:${SHA}`)).toEqual({
      registry: 'docker.io',
      repository: 'library/nginx',
      digest: `sha256:${SHA}`,
      canonical: `docker.io/library/nginx@sha256:${SHA}`,
    });
    expect(parseImageReference(`nginx:1.27@sha256:${SHA}`).canonical).toBe(
      `docker.io/library/nginx:1.27@sha256:${SHA}`,
    );
  });

  it('names the reason in the message', () => {
    expect(() => parseImageReference('nginx:')).toThrow(
      new ImageReferenceError('nginx:', 'the tag is empty'),
    );
    expect(() => parseImageReference('nginx:')).toThrow(
      '"nginx:" is not a valid image reference: the tag is empty',
    );
  });

  it.each([
    ['', /^the reference is empty$/],
    ['   ', /^the reference is empty$/],
    ['nginx:', /^the tag is empty$/],
    [':tag', /^the repository name is empty$/],
    [`@sha256:${SHA}`, /^the repository name is empty$/],
    ['UPPER', /"UPPER" must be lowercase/],
    ['UPPER:1', /"UPPER" must be lowercase/],
    ['upper/X', /"X" must be lowercase/],
    ['a'.repeat(64), /is an image id/],
    ['org/App', /"App" must be lowercase/],
    ['nginx@', /^the digest is empty$/],
    ['nginx@sha256:abc', /sha256 digest has 64 hex characters, not 3/],
    [`nginx@sha256:${SHA.toUpperCase()}`, /not algorithm:hex/],
    ['nginx@sha256', /not algorithm:hex/],
    ['nginx@md5:abcd', /fewer than 32 hex/],
    ['a'.repeat(256), /longer than 255/],
    ['a//b', /empty component/],
    ['a/', /empty component/],
    ['-a', /"-a" must be letters and digits/],
    ['a-', /"a-" must be letters and digits/],
    ['a___b', /"a___b" must be letters and digits/],
    ['nginx:-1', /the tag "-1"/],
    [`nginx:${'a'.repeat(129)}`, /the tag/],
    ['exa_mple.com/app', /registry "exa_mple.com"/],
    ['localhost:port/app', /registry "localhost:port"/],
  ])('rejects %j', (input, reason) => {
    expect(reasonFor(input)).toMatch(reason);
  });

  it('accepts names and tags right at their length limits', () => {
    expect(() => parseImageReference('a'.repeat(255))).not.toThrow();
    expect(() => parseImageReference(`nginx:${'a'.repeat(128)}`)).not.toThrow();
    // An algorithm spelled like an Object.prototype member must not be mistaken for a known one.
    expect(parseImageReference(`nginx@constructor:${SHA}`).digest).toBe(`constructor:${SHA}`);
  });
});

describe('sameImage', () => {
  it.each([
    ['nginx', 'nginx:latest'],
    ['nginx', 'library/nginx'],
    ['nginx', 'docker.io/library/nginx:latest'],
    ['nginx', 'DOCKER.IO/library/nginx'],
    ['nginx', 'docker.io/nginx'],
    ['nginx', 'index.docker.io/library/nginx'],
    ['nginx', 'registry-1.docker.io/nginx:latest'],
    ['org/app:1', 'docker.io/org/app:1'],
    ['localhost:5000/app', 'LOCALHOST:5000/app:latest'],
    // Docker reads an uppercase first component as a host, and host names ignore case.
    ['localhost/app', 'LOCALHOST/app'],
    ['myhost.example/app:1', 'MyHost.Example/app:1'],
    // The digest identifies the content, so whatever tag came with it is irrelevant.
    [`nginx@sha256:${SHA}`, `docker.io/library/nginx:1.27@sha256:${SHA}`],
    [`nginx:latest@sha256:${SHA}`, `nginx:1.27@sha256:${SHA}`],
  ])('%s is %s', (a, b) => {
    expect(sameImage(a, b)).toBe(true);
    expect(sameImage(b, a)).toBe(true);
  });

  it.each([
    ['nginx', 'nginx:1.27'],
    ['ghcr.io/org/app:1', 'docker.io/org/app:1'],
    ['localhost:5000/app', 'localhost/app'],
    ['localhost:5000/app', 'app'],
    ['MyOrg/app', 'myorg/app'],
    ['library/nginx', 'nginx/nginx'],
    ['nginx:1.27', `nginx:1.27@sha256:${SHA}`],
    [`nginx@sha256:${SHA}`, `nginx@sha256:${OTHER_SHA}`],
    [`nginx@sha256:${SHA}`, `redis@sha256:${SHA}`],
  ])('%s is not %s', (a, b) => {
    expect(sameImage(a, b)).toBe(false);
    expect(sameImage(b, a)).toBe(false);
  });
});

// Valid references built from the grammar, kept as parts so the properties can rearrange them.
type Parts = {
  domain: string | undefined;
  path: string[];
  tag: string | undefined;
  digest: string | undefined;
};

const render = (p: Parts) =>
  (p.domain !== undefined ? `${p.domain}/` : '') +
  p.path.join('/') +
  (p.tag !== undefined ? `:${p.tag}` : '') +
  (p.digest !== undefined ? `@${p.digest}` : '');

// Without a registry, a first component that looks like a host ("a.b/c") would be read as one.
const isUnambiguous = (p: Parts) =>
  p.domain !== undefined || p.path.length === 1 || !/[.:]|^localhost$/.test(p.path[0] ?? '');

const label = fc.stringMatching(/^[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,6}[a-zA-Z0-9])?$/);
const port = fc.integer({ min: 1, max: 65535 });
const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const domain = fc.oneof(
  fc
    .tuple(fc.array(label, { minLength: 2, maxLength: 3 }), optional(port))
    .map(([labels, p]) => labels.join('.') + (p !== undefined ? `:${p}` : '')),
  fc.tuple(label, port).map(([l, p]) => `${l}:${p}`),
  fc
    .tuple(fc.stringMatching(/^[0-9a-f]{0,4}(?::[0-9a-f]{0,4}){2,4}$/), optional(port))
    .map(([ip, p]) => `[${ip}]${p ? `:${p}` : ''}`),
  fc.constantFrom(
    'localhost',
    'localhost:5000',
    'docker.io',
    'Docker.IO',
    'index.docker.io',
    'registry-1.docker.io',
  ),
);
const pathComponent = fc.stringMatching(/^[a-z0-9]{1,5}(?:(?:[._]|__|-{1,3})[a-z0-9]{1,5}){0,2}$/);
const tag = fc.stringMatching(/^\w[\w.-]{0,127}$/);
const hex = (min: number, max: number) => fc.stringMatching(new RegExp(`^[0-9a-f]{${min},${max}}$`));
const digest = fc.oneof(
  hex(64, 64).map((h) => `sha256:${h}`),
  fc
    .tuple(fc.stringMatching(/^[A-Za-z][A-Za-z0-9]{0,5}(?:[-_+.][A-Za-z][A-Za-z0-9]{0,5})?$/), hex(32, 80))
    .filter(([algorithm]) => !['sha256', 'sha384', 'sha512'].includes(algorithm))
    .map(([algorithm, h]) => `${algorithm}:${h}`),
);
const references: fc.Arbitrary<Parts> = fc
  .record({
    domain: optional(domain),
    path: fc.array(pathComponent, { minLength: 1, maxLength: 4 }),
    tag: optional(tag),
    digest: optional(digest),
  })
  .filter(isUnambiguous);

describe('parseImageReference properties', () => {
  it('accepts every reference the grammar allows', () => {
    fc.assert(fc.property(references, (p) => void parseImageReference(render(p))));
  });

  it('reads its own canonical form back to the same image', () => {
    fc.assert(
      fc.property(references, (p) => {
        const ref = parseImageReference(render(p));
        const again = parseImageReference(ref.canonical);
        expect(imageKey(again)).toBe(imageKey(ref));
        expect(again.canonical).toBe(ref.canonical);
      }),
    );
  });

  it('treats an explicit docker.io/ as the default registry', () => {
    fc.assert(
      fc.property(references, (p) => {
        const bare = { ...p, domain: undefined };
        fc.pre(isUnambiguous(bare));
        expect(keyOf(render({ ...bare, domain: 'docker.io' }))).toBe(keyOf(render(bare)));
      }),
    );
  });

  it('treats an explicit library/ as the default Docker Hub namespace', () => {
    fc.assert(
      fc.property(references, (p) => {
        const bare = { ...p, domain: undefined, path: p.path.slice(0, 1) };
        const expected = keyOf(render(bare));
        expect(keyOf(render({ ...bare, path: ['library', ...bare.path] }))).toBe(expected);
        expect(keyOf(render({ ...bare, domain: 'docker.io', path: ['library', ...bare.path] }))).toBe(
          expected,
        );
      }),
    );
  });

  it('treats an explicit :latest as the default tag', () => {
    fc.assert(
      fc.property(references, (p) => {
        const untagged = { ...p, tag: undefined, digest: undefined };
        expect(keyOf(render({ ...untagged, tag: 'latest' }))).toBe(keyOf(render(untagged)));
      }),
    );
  });

  it('rejects a forbidden character anywhere inside a valid reference', () => {
    const forbidden = fc.constantFrom(' ', '\t', '#', '!', '%', '*', '"', '\\');
    fc.assert(
      fc.property(references, fc.nat(), forbidden, (p, n, c) => {
        const s = render(p);
        fc.pre(s.length > 1); // whitespace at either end is trimmed, so insert strictly inside
        const i = 1 + (n % (s.length - 1));
        expect(() => parseImageReference(s.slice(0, i) + c + s.slice(i))).toThrow(ImageReferenceError);
      }),
    );
  });

  it('rejects an uppercase letter in the repository path', () => {
    const upper = fc.stringMatching(/^[A-Z]$/);
    fc.assert(
      fc.property(references, fc.nat(), fc.nat(), upper, (p, which, n, c) => {
        const path = [...p.path];
        const k = which % path.length;
        const component = path[k] ?? '';
        const i = n % (component.length + 1);
        path[k] = component.slice(0, i) + c + component.slice(i);
        // Without a registry, an uppercase first component of several is read as the registry host.
        fc.pre(!(p.domain === undefined && k === 0 && path.length > 1));
        expect(reasonFor(render({ ...p, path }))).toMatch(/must be lowercase/);
      }),
    );
  });

  it('reads an uppercase first component as a registry host, compared without case', () => {
    const upper = fc.stringMatching(/^[A-Z]$/);
    fc.assert(
      fc.property(references, fc.nat(), upper, (p, n, c) => {
        fc.pre(p.domain === undefined && p.path.length > 1);
        const first = p.path[0] ?? '';
        const i = n % (first.length + 1);
        const host = first.slice(0, i) + c + first.slice(i);
        fc.pre(/^[a-zA-Z0-9-]+$/.test(host) && !host.startsWith('-') && !host.endsWith('-'));
        const ref = parseImageReference(render({ ...p, path: [host, ...p.path.slice(1)] }));
        expect(ref.registry).toBe(host.toLowerCase());
        expect(ref.repository).toBe(p.path.slice(1).join('/'));
      }),
    );
  });

  it('fails only ever with ImageReferenceError', () => {
    const nearMiss = fc.string({ unit: fc.constantFrom(...'aZ09:/@._-# '.split('')), maxLength: 30 });
    fc.assert(
      fc.property(fc.oneof(fc.string(), nearMiss), (s) => {
        try {
          parseImageReference(s);
        } catch (error) {
          expect(error).toBeInstanceOf(ImageReferenceError);
        }
      }),
    );
  });
});
