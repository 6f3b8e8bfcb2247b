/** The words of erp's knobs (C0 to C3: its instances, their operations and their parts): knob-docs.ts spreads them in. */
export const ERP_KNOB_DOCS: Record<string, string> = {
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
  'erp.instances.<name>.movesAfterFailure':
    'The operation ends Failed (a time-out) but the instance keeps moving, then reaches `status`.',
  'erp.instances.<name>.movesAfterFailure.status': 'The status it reaches (`Offline`).',
  'erp.instances.<name>.movesAfterFailure.health': 'The health it reaches (default `Unknown`).',
  'erp.instances.<name>.movesAfterFailure.reads': 'Reads that still show the moving status before it.',
};
