/**
 * Container image references, read the way a registry (distribution/reference) reads them, so that two
 * spellings of one image ("nginx", "docker.io/library/nginx:latest") compare equal.
 *
 *   reference := name [ ':' tag ] [ '@' digest ]
 *   name      := [ domain '/' ] path-component [ '/' path-component ]*
 */

export type ImageReference = {
  registry: string;
  repository: string;
  tag?: string;
  digest?: string;
  /** Fully normalised, e.g. `docker.io/library/nginx:latest`. */
  canonical: string;
};

/** The reference does not follow the grammar; `reason` says which part is wrong. */
export class ImageReferenceError extends Error {
  readonly input: string;
  readonly reason: string;

  constructor(input: string, reason: string) {
    super(`${JSON.stringify(input)} is not a valid image reference: ${reason}`);
    this.name = 'ImageReferenceError';
    this.input = input;
    this.reason = reason;
  }
}

const DOCKER_HUB = 'docker.io';
// Docker Hub answers under these names too; images pulled through any of them are the same.
const DOCKER_HUB_ALIASES = new Set(['index.docker.io', 'registry-1.docker.io']);
const NAME_MAX_LENGTH = 255;

const DOMAIN_LABEL = '(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])';
const DOMAIN_RE = new RegExp(`^(?:${DOMAIN_LABEL}(?:\\.${DOMAIN_LABEL})*|\\[[a-fA-F0-9:]+\\])(?::[0-9]+)?$`);
const PATH_COMPONENT_RE = /^[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*$/;
const TAG_RE = /^\w[\w.-]{0,127}$/;
const DIGEST_RE = /^([A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*):([0-9a-f]+)$/;
// go-digest pins the length of the algorithms it knows; anything else only needs enough hex to be unique.
const DIGEST_HEX_LENGTH = new Map([
  ['sha256', 64],
  ['sha384', 96],
  ['sha512', 128],
]);
const DIGEST_MIN_HEX = 32;

export function parseImageReference(input: string): ImageReference {
  const fail = (reason: string) => new ImageReferenceError(input, reason);
  const text = input.trim();
  if (text === '') throw fail('the reference is empty');

  // The digest comes last and contains a ':' itself, so cut it off before looking for a tag.
  const at = text.indexOf('@');
  const digest = at === -1 ? undefined : text.slice(at + 1);
  let name = at === -1 ? text : text.slice(0, at);
  if (digest !== undefined) {
    if (digest === '') throw fail('the digest is empty');
    const match = DIGEST_RE.exec(digest);
    if (!match) throw fail(`the digest "${digest}" is not algorithm:hex (lowercase hex)`);
    const [, algorithm = '', hex = ''] = match;
    const expected = DIGEST_HEX_LENGTH.get(algorithm);
    if (expected !== undefined && hex.length !== expected) {
      throw fail(`a ${algorithm} digest has ${expected} hex characters, not ${hex.length}`);
    }
    if (hex.length < DIGEST_MIN_HEX) throw fail(`the digest has fewer than ${DIGEST_MIN_HEX} hex characters`);
  }

  // A ':' after the last '/' starts a tag; an earlier one is a registry port ("localhost:5000/app").
  let tag: string | undefined;
  const colon = name.lastIndexOf(':');
  if (colon > name.lastIndexOf('/')) {
    tag = name.slice(colon + 1);
    name = name.slice(0, colon);
    if (tag === '') throw fail('the tag is empty');
    if (!TAG_RE.test(tag)) throw fail(`the tag "${tag}" must match [A-Za-z0-9_][A-Za-z0-9_.-]{0,127}`);
  }

  if (name === '') throw fail('the repository name is empty');
  // Docker refuses this too: a bare 64-hex name would be mistaken for an image id.
  if (tag === undefined && digest === undefined && /^[a-f0-9]{64}$/.test(name)) {
    throw fail('a 64-character hex string is an image id, not a repository name');
  }
  if (name.length > NAME_MAX_LENGTH) throw fail(`the name is longer than ${NAME_MAX_LENGTH} characters`);

  // Docker's rule: the first component is a registry only if it cannot be a repository path component
  // (it has a '.' or ':' or an uppercase letter, or is "localhost"); otherwise "org/app" would be read as
  // registry "org". An uppercase letter makes it a host because path components are lowercase and host names
  // are not case-sensitive: "LOCALHOST/app" is "localhost/app".
  const path = name.split('/');
  const first = path[0] ?? '';
  const looksLikeHost =
    /[.:]/.test(first) || first.toLowerCase() === 'localhost' || first !== first.toLowerCase();
  const domain = path.length > 1 && looksLikeHost ? path.shift() : undefined;
  if (domain !== undefined && !DOMAIN_RE.test(domain))
    throw fail(`the registry "${domain}" is not a valid host[:port]`);

  for (const component of path) {
    if (component === '') throw fail('the repository path has an empty component');
    if (component !== component.toLowerCase())
      throw fail(`the repository path "${component}" must be lowercase`);
    if (!PATH_COMPONENT_RE.test(component)) {
      throw fail(
        `the repository path "${component}" must be letters and digits joined by '.', '_', '__' or '-'`,
      );
    }
  }

  // Host names are case-insensitive; Docker Hub's aliases and its implicit "library/" namespace go away.
  let registry = domain?.toLowerCase() ?? DOCKER_HUB;
  if (DOCKER_HUB_ALIASES.has(registry)) registry = DOCKER_HUB;
  if (registry === DOCKER_HUB && path.length === 1) path.unshift('library');
  const repository = path.join('/');

  // Only a bare name means ":latest"; with a digest and no tag, the digest alone names the image.
  const effectiveTag = tag ?? (digest === undefined ? 'latest' : undefined);
  const canonical =
    `${registry}/${repository}` +
    (effectiveTag !== undefined ? `:${effectiveTag}` : '') +
    (digest !== undefined ? `@${digest}` : '');
  return {
    registry,
    repository,
    ...(effectiveTag !== undefined ? { tag: effectiveTag } : {}),
    ...(digest !== undefined ? { digest } : {}),
    canonical,
  };
}

/** Equal keys mean the same image. A digest names content, so a tag beside it does not count. */
export function imageKey(ref: ImageReference): string {
  const base = `${ref.registry}/${ref.repository}`;
  return ref.digest !== undefined ? `${base}@${ref.digest}` : `${base}:${ref.tag ?? 'latest'}`;
}

/** Whether two references name the same image; throws ImageReferenceError if either is invalid. */
export function sameImage(a: string, b: string): boolean {
  return imageKey(parseImageReference(a)) === imageKey(parseImageReference(b));
}
