import { ERP_CHECK_KNOB_DOCS } from './areas/erp-check-knob-docs.js';

/**
 * What each knob of a scenario file does, by its path in the file (`<name>` any name, `[]` each item): the knob
 * table of docs/emulator.md is made from the schema (scenario-schema.ts) and these words (knob-table.ts). A knob
 * added to the schema without words here fails the test that keeps that page current (__tests__/unit/emulator/knob-table.test.ts).
 */
export const KNOB_DOCS: Record<string, string> = {
  ...ERP_CHECK_KNOB_DOCS,
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
  'erp.location': 'The region in the polling URLs (default `westeurope`).',
  'erp.defaults': 'Every knob of an instance (below), for any instance the scenario does not name.',
  'erp.instances':
    'Instances by name, each with the knobs below; an instance not named behaves as `defaults` says.',
  'erp.instances.<name>.respond':
    'How a stop or start is answered: `202` with a polling header (default), or `200` with the first step.',
  'erp.instances.<name>.steps':
    "The operation's statuses, one per poll; the last repeats (default `InProgress`, then `Succeeded`).",
  'erp.instances.<name>.steps[].status': 'The status of that poll.',
  'erp.instances.<name>.steps[].percentComplete': 'Its percent complete.',
  'erp.instances.<name>.durationMs':
    'Instead of `steps`: the operation runs until this long after the stop or start.',
  'erp.instances.<name>.retryAfter': 'A `Retry-After` header on each answer of the operation.',
  'erp.instances.<name>.softStopUnsupported':
    'A soft stop (`softStopTimeoutSeconds` above 0) is refused with 400 `SoftStopUnsupported`.',
  'erp.instances.<name>.error': 'The nested error of an operation that ends `Failed`.',
  'erp.instances.<name>.error.code': 'Its code (`StopFailed`).',
  'erp.instances.<name>.error.message': 'Its message.',
  'erp.instances.<name>.error.target': 'What it concerns.',
  'erp.instances.<name>.error.details': 'Nested errors, each of the same form.',
  'erp.instances.<name>.error.additionalInfo': 'Extra information items.',
  'erp.instances.<name>.error.additionalInfo[].type': "The item's type (`Host`).",
  'erp.instances.<name>.error.additionalInfo[].info': 'Its content, any JSON.',
  'erp.instances.<name>.pollingHeader':
    'The header that carries the polling URL: `vendor-AsyncOperation` (default), `Location`, any casing, or `none`.',
  'erp.instances.<name>.pollingOrigin':
    '`secondary`: the polling URL is on the second origin (a client must refuse it).',
  'erp.instances.<name>.pollingUrlForm':
    'How the polling URL is written: absolute, a path only, or one no parser accepts.',
  'erp.instances.<name>.rotatePollingUrl':
    'A fresh signed polling URL on every answer; the superseded ones answer 404.',
  'erp.instances.<name>.pollingMode':
    '`location`: the `Location` pattern, 202 until the end, then the final answer.',
  'erp.instances.<name>.locationFinal': 'How a `location` operation ends well: 200 with the result, or 204.',
  'erp.instances.<name>.status':
    'The status its read (C0) shows before anything is done (default `Running`); it moves `Stopping` → `Offline` or `Starting` → `Running` with the operation, and a second stop or start while one runs is answered 409.',
  'erp.instances.<name>.health': 'The health its read shows (default `Healthy`).',
  'erp.instances.<name>.missing': 'The instance does not exist: 404.',
  'erp.instances.<name>.readRefused': 'Its read (C0) answers 403.',
  'erp.instances.<name>.endStatus':
    'Where a `Succeeded` operation leaves it: another status than `Offline`/`Running` (`PartiallyRunning`) is a false success.',
  'erp.instances.<name>.endHealth': 'The health a `Succeeded` operation leaves it with (`Degraded`).',
  'erp.instances.<name>.settleReads':
    'A slow settle: this many reads still show `Stopping`/`Starting` after the operation ended.',
  'erp.instances.<name>.statusLagReads':
    'The documented status lag: this many reads after a stop or start was accepted still show the status before it.',
  'erp.instances.<name>.deallocateFails':
    'A stop with `deallocateVm` ends `Failed` with this error and the status stays as it was (it cannot show the machines).',
  'erp.instances.<name>.deallocateFails.code': 'Its code (`AuthorizationFailed`: no role over the machines).',
  'erp.instances.<name>.deallocateFails.message': 'Its message.',
  'erp.instances.<name>.start': 'The same knobs, for the start where it differs from the stop.',
  'erp.parts':
    "The systems' parts (C3): application, central and database instances, whose states move with the system's; they punish the wrong order of a window as the service does.",
  'erp.parts.defaults': "Every knob of a system's parts (below), for any system the scenario does not name.",
  'erp.parts.systems': 'Systems by name, each with the knobs below.',
  'erp.parts.systems.<name>.databases': 'Its database instances (default one HANA database `db0`, Running).',
  'erp.parts.systems.<name>.databases[].name': "The database instance's name.",
  'erp.parts.systems.<name>.databases[].databaseType':
    'Its type (default `hdb`); a type other than `hdb`/`HANA` is refused any stop or start.',
  'erp.parts.systems.<name>.databases[].status': 'Its status before anything is done (default `Running`).',
  'erp.parts.systems.<name>.databases[].startFails':
    "Its start's operation ends `Failed` and it stays where it was.",
  'erp.parts.systems.<name>.databases[].stopSteps': "The states of its stop's operation, as `steps`.",
  'erp.parts.systems.<name>.databases[].settleReads':
    'Its status lags its stop: this many reads after the stop ended still show `Stopping`, and it is not down until then.',
  'erp.parts.systems.<name>.databases[].deallocateFails':
    'A stop of it with `deallocateVm` ends `Failed` with this error, its status unchanged.',
  'erp.parts.systems.<name>.databases[].deallocateFails.code': 'Its code (`AuthorizationFailed`).',
  'erp.parts.systems.<name>.databases[].deallocateFails.message': 'Its message.',
  'erp.parts.systems.<name>.databases[].stopSteps[].status': 'The status of that poll.',
  'erp.parts.systems.<name>.databases[].stopSteps[].percentComplete': 'Its percent complete.',
  'erp.parts.systems.<name>.applicationInstances': "The application instances' names (default `app0`).",
  'erp.parts.systems.<name>.centralInstance':
    "The central services instance's name (default `cs0`); it refuses a soft stop.",
  'erp.parts.systems.<name>.respond':
    "How a child's stop or start is answered: `202` with a polling header (default), or `200`.",
  'erp.parts.systems.<name>.steps':
    'The states of every child operation (default `InProgress`, then `Succeeded`).',
  'erp.parts.systems.<name>.steps[].status': 'The status of that poll.',
  'erp.parts.systems.<name>.steps[].percentComplete': 'Its percent complete.',
  'erp.parts.systems.<name>.durationMs':
    'Instead of `steps`: a child operation runs until this long after it was sent.',
  'erp.parts.systems.<name>.retryAfter': 'A `Retry-After` header on the 202 and on each running poll.',
  'erp.parts.systems.<name>.pollingUrlForm':
    'How the polling URL is written: absolute (default), a path only, one no parser accepts, or `bare` (a path without scheme, host or leading `/`, as a live answer had it).',
  'erp.parts.systems.<name>.pageSize':
    'Children per page of a list (default 2); the rest follows by `nextLink`.',
  'dataShare.shareSubscription': 'Only this share subscription exists (default: any name).',
  'dataShare.apiVersion': 'The api-version the data-share calls must carry.',
  'dataShare.pageSize': 'Items per page of the synchronization listing.',
  'dataShare.synchronizations':
    "The synchronizations listed (A1), each with the service's fields and the knobs for how it appears and moves.",
  'dataShare.synchronizations[].synchronizationId': 'Its id.',
  'dataShare.synchronizations[].synchronizationMode': '`Incremental` or `FullSync`.',
  'dataShare.synchronizations[].status': 'Its status, where `statuses` is not given.',
  'dataShare.synchronizations[].message': 'Its message.',
  'dataShare.synchronizations[].startTime': 'Its start time.',
  'dataShare.synchronizations[].endTime': 'Its end time.',
  'dataShare.synchronizations[].durationMs': 'Its duration.',
  'dataShare.synchronizations[].appearAfterPolls': 'Absent from the first N listings, present from the next.',
  'dataShare.synchronizations[].statuses':
    'Its status in the 1st, 2nd, … listing where it is present; the last one stays.',
  'dataShare.synchronizations[].startTimeAfterPolls':
    'Listed without `startTime` in its first N listings (queued, not started yet).',
  'dataShare.synchronizations[].details': 'Its datasets, as listSynchronizationDetails (A5) lists them.',
  'dataShare.synchronizations[].details[].name': "The dataset's name.",
  'dataShare.synchronizations[].details[].dataSetId': 'Its id.',
  'dataShare.synchronizations[].details[].dataSetType': 'Its type (`AdlsGen2File`).',
  'dataShare.synchronizations[].details[].status':
    'Its status: any but `Succeeded` makes it a failed dataset.',
  'dataShare.synchronizations[].details[].message': 'Why it failed.',
  'dataShare.synchronizations[].details[].startTime': 'Its start time.',
  'dataShare.synchronizations[].details[].endTime': 'Its end time.',
  'dataShare.synchronizations[].details[].durationMs': 'Its duration.',
  'dataShare.synchronizations[].generatedDetails': 'Instead of `details`: generated datasets.',
  'dataShare.synchronizations[].generatedDetails.count': 'How many.',
  'dataShare.synchronizations[].generatedDetails.failed': 'The first this many of them `Failed`.',
  'dataShare.generatedHistory':
    'A long history: `count` finished synchronizations, one every `spacingMinutes` back from `newest`.',
  'dataShare.generatedHistory.count': 'How many.',
  'dataShare.generatedHistory.newest':
    "The newest one's start (default: older than any in `synchronizations`).",
  'dataShare.generatedHistory.spacingMinutes': 'Minutes between two.',
  'dataShare.settings':
    "The source share's synchronization settings, as the service returns them (any shape).",
  'dataShare.repeatNextLink':
    'Every nextLink after the first points at the same page again (a client must stop).',
  'dataShare.nextLinkOrigin': '`secondary`: nextLinks point at the second origin.',
  'dataShare.nextLinkForm': 'How a nextLink is written: absolute, a path only, or one no parser accepts.',
  'dataShare.retryAfter': 'A `Retry-After` header on every listing answer.',
  'dataShare.ignoreOrderBy': 'Listed in the order given, whatever `$orderby` says.',
  'dataShare.starts':
    'What each synchronize (sync-start) starts, in order: the synchronization it lists afterwards.',
  'dataShare.starts[].statuses':
    'Its status in each listing after the start (default `Queued`, `InProgress`, `Succeeded`).',
  'dataShare.starts[].appearAfterPolls': 'Listings after the start in which it is not listed yet.',
  'dataShare.starts[].message': 'Its message.',
  'dataShare.starts[].durationMs': 'Its duration.',
  'dataShare.starts[].details': "Its datasets, as a synchronization's `details`.",
  'dataShare.starts[].generatedDetails': "Generated datasets, as a synchronization's `generatedDetails`.",
  'dataShare.starts[].answer':
    '`202` (default, status `Accepted` and a polling header) or `200` with its first status.',
  'dataShare.starts[].omitId': 'The answer carries no `synchronizationId`.',
  'dataShare.conflictCode':
    'The code of the 409 that refuses a synchronize while one runs (default `Conflict`).',
  'dataShare.cancel': 'How a cancelled synchronization ends.',
  'dataShare.cancel.status': 'Its end status (default `Cancelled`).',
  'dataShare.cancel.afterPolls': 'In the Nth listing after the cancel.',
  'dataShare.detailsPageSize': 'Datasets per page of listSynchronizationDetails (A5).',
  'dataShare.detailsError': 'listSynchronizationDetails (A5) fails with this answer.',
  'dataShare.detailsError.status': 'Its HTTP status (400 to 599).',
  'dataShare.detailsError.code': 'Its error code.',
  'dataShare.detailsError.message': 'Its error message.',
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
  'erp.instances.<name>.movesAfterFailure':
    'The operation ends Failed (a time-out) but the instance keeps moving, then reaches `status`.',
  'erp.instances.<name>.movesAfterFailure.status': 'The status it reaches (`Offline`).',
  'erp.instances.<name>.movesAfterFailure.health': 'The health it reaches (default `Unknown`).',
  'erp.instances.<name>.movesAfterFailure.reads': 'Reads that still show the moving status before it.',
  'dataShare.cancelEnded':
    'A cancel of a synchronization that has ended is refused with this answer (by default answered 200 with its status).',
  'dataShare.cancelEnded.status': 'Its HTTP status.',
  'dataShare.cancelEnded.code': 'Its error code.',
  'dataShare.cancelEnded.message': 'Its error message.',
};
