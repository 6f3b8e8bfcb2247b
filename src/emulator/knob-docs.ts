import { DATA_SHARE_KNOB_DOCS } from './areas/data-share-knob-docs.js';
import { ERP_CHECK_KNOB_DOCS } from './areas/erp-check-knob-docs.js';
import { ERP_KNOB_DOCS } from './areas/erp-knob-docs.js';

/**
 * What each knob of a scenario file does, by its path in the file (`<name>` any name, `[]` each item; erp's and
 * data-share's words in their areas' own files beside erp-check's, areas/*-knob-docs.ts): the knob
 * table of docs/emulator.md is made from the schema (scenario-schema.ts) and these words (knob-table.ts). A knob
 * added to the schema without words here fails the test that keeps that page current (__tests__/unit/emulator/knob-table.test.ts).
 */
export const KNOB_DOCS: Record<string, string> = {
  ...ERP_CHECK_KNOB_DOCS,
  ...ERP_KNOB_DOCS,
  ...DATA_SHARE_KNOB_DOCS,
  'emulator.host': 'The address to listen on (default 127.0.0.1).',
  'emulator.port': 'The port (default: any free one); `--port` overrides it.',
  'emulator.secondPort':
    'The port of the second origin, where no credential may ever be sent (default: any free one).',
  'emulator.tokenLifetimeSeconds': 'Lifetime of the access tokens the token endpoint issues.',
  'emulator.accessTokens':
    'Tokens accepted as `Authorization: Bearer …` for the resource manager (default `emu-access-token`).',
  'emulator.clients':
    'Service principals the token endpoint knows (default `emu-client` / `emu-client-secret`).',
  'emulator.clients[].clientId': 'Its client id.',
  'emulator.clients[].clientSecret':
    'Its secret; without one, the client signs in by federation (an OIDC assertion) only.',
  'emulator.oidcRequestToken': "The runner's ID-token request token the emulator's OIDC endpoint accepts.",
  'emulator.writeBucket':
    "The resource manager's write limit per subscription: 429 with `Retry-After` when empty (the vendor's: 200, refilled at 10 a second); absent: no limit.",
  'emulator.writeBucket.capacity': 'Writes the bucket holds.',
  'emulator.writeBucket.refillPerSecond': 'Writes it regains each second.',
  'emulator.readBucket':
    "The read limit per subscription (every GET under `/subscriptions/`): 429 with `Retry-After` when empty (the vendor's: 250, refilled at 25 a second); absent: no limit.",
  'emulator.readBucket.capacity': 'Reads the bucket holds.',
  'emulator.readBucket.refillPerSecond': 'Reads it regains each second.',
  'emulator.clients[].federated':
    "The app's federated credentials: a presented ID token must match one on issuer, audience and subject, with case (an empty list: 70025); absent: any ID token the emulator issued is accepted.",
  'emulator.clients[].federated[].issuer': 'The issuer it accepts.',
  'emulator.clients[].federated[].subject': 'The subject it accepts, compared with case.',
  'emulator.clients[].federated[].audience': 'The audience it accepts.',
  'emulator.tokenError':
    "The token endpoint refuses every grant with this error number, in the directory's body shape (70021, 700211, 700212, 700213, 7002138, 70025, 700016, 7000215, 90002, 700024).",
  'emulator.idToken':
    "The claims of the runner's ID tokens the OIDC endpoint issues; `sub` is derived from them as the runner derives it.",
  'emulator.idToken.repository': 'The repository (`octo-org/erp-ops`).',
  'emulator.idToken.ref': 'The ref (`refs/heads/main`; `refs/pull/1/merge` for a pull request).',
  'emulator.idToken.environment': 'The environment the job names (absent: none, and the subject is the ref).',
  'emulator.idToken.eventName':
    'The event (`workflow_dispatch`; `pull_request` gives the pull-request subject).',
  'emulator.idToken.issuer': 'The issuer (`https://token.actions.githubusercontent.com`).',
  'emulator.idToken.subject': 'The subject, over the one derived from the other claims.',
  'emulator.idToken.subjectForm':
    '`immutable`: the subject names owner and repository with their ids (`repo:octo-org@1234567/erp-ops@89012345:ref:…`), as GitHub writes it for repositories created, renamed or transferred since July 2026; `name` (default): `repo:octo-org/erp-ops:…`.',
  'emulator.idToken.ownerId': "The owner's id in the immutable subject (`1234567`).",
  'emulator.idToken.repositoryId': "The repository's id in the immutable subject (`89012345`).",
  'cachedImages.regions':
    'The cached images of each region, a list per region; a region not named is one the service does not serve (its listing answers 404 LocationNotAvailableForResourceType).',
  'cachedImages.regions.<name>[].image': 'An image reference, as the service lists it.',
  'cachedImages.regions.<name>[].osType': 'Its OS type (`Linux`, `Windows`).',
  'cachedImages.regions.<name>[].generate': 'Instead of `image`: this many filler images.',
  'cachedImages.regions.<name>[].prefix': "The fillers' name prefix.",
  'cachedImages.pageSize': 'Images per page.',
  'cachedImages.nextLinkOnSecondOrigin': 'nextLinks point at the second origin.',
  'cachedImages.nextLinkForm': 'How a nextLink is written: absolute, a path only, or one no parser accepts.',
  'cachedImages.repeatNextLink': 'Every nextLink after the first points at the same page again.',
  'cachedImages.apiVersions': 'The api-versions the listing accepts; any other is answered 400.',
  'apps.users': 'The users (replaces the built-in ones).',
  'apps.users[].id': "The user's id.",
  'apps.users[].name': 'The user name.',
  'apps.users[].email': 'The e-mail address.',
  'apps.users[].display_name': 'The display name.',
  'apps.apps': 'The apps (replaces the built-in ones).',
  'apps.apps[].owner': 'The owning user or organization.',
  'apps.apps[].name': "The app's name.",
  'apps.apps[].ownerType': 'Whether the owner is a user or an organization.',
  'apps.apps[].members': 'Members by e-mail address, with their role.',
  'apps.tokens': 'The API tokens (replaces the built-in ones).',
  'apps.tokens[].value': 'The token as sent.',
  'apps.tokens[].type': 'A user token (with `user`) or an app token (with `app`).',
  'apps.tokens[].access': 'Full or read-only access.',
  'apps.tokens[].user': 'The user a user token belongs to.',
  'apps.tokens[].app': 'The app (`owner/name`) an app token belongs to.',
  'apps.retired': 'Every call answers `retiredStatus`, as a retired service does.',
  'apps.retiredStatus': 'The status then (default 410).',
  'fleet.systems':
    'The systems the listing (C5) shows: each one named, or `{ generate: n }` for n systems made when a page is served.',
  'fleet.systems[].subscription': 'The subscription it is in (compared without case).',
  'fleet.systems[].resourceGroup': 'The resource group it is in (compared without case).',
  'fleet.systems[].name': 'Its name (SID).',
  'fleet.systems[].generate': 'Instead of `name`: this many systems `{prefix}{i}` (four digits).',
  'fleet.systems[].prefix': 'The generated systems’ name prefix (default `S`).',
  'fleet.systems[].location': 'Its region (default `westeurope`).',
  'fleet.systems[].environment': '`Prod` or `NonProd` (default `NonProd`).',
  'fleet.systems[].state':
    'Its registration state (default `RegistrationComplete`; any other is not offered stop and start).',
  'fleet.systems[].status': 'Its status as listed (default `Running`).',
  'fleet.systems[].health': 'Its health as listed (default `Healthy`).',
  'fleet.systems[].tags': 'Its tags, name → value.',
  'fleet.pageSize': 'Systems per page of the listing (default 100).',
  'fleet.itemBytes':
    'The size in bytes of each item’s `configuration`, about the item’s size (default 2048).',
  'fleet.nextLinkOrigin':
    '`secondary`: every nextLink points at the second origin (a client must refuse it).',
  'fleet.nextLinkForm':
    'How a nextLink is written: absolute, a path only, or one no parser accepts; or relative as `resource` (`subscriptions/…`), `query` (`?…` only) or `segment` (`erpVirtualInstances?…`).',
  'fleet.wrongPage':
    'A page answered not as a list, `{}` or `{ "value": null }`; absent: every page is a list.',
  'fleet.wrongPage.page': 'Which page, from 1.',
  'fleet.wrongPage.body': '`empty object` (`{}`) or `null value` (`{ "value": null }`).',
  'fleet.holdsOnly':
    'As the service: a subscription without a system answers its listing 404, and a system neither in the fleet nor in erp.instances answers 404 to every call (vendor-ops emulator --fleet N sets it).',
};
