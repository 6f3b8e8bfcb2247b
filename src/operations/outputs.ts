/**
 * The contract's output vocabulary, once: each name with what it means. Which operation sets which output is
 * said by the operation's own module (see ./registry.ts).
 */
/** Which system a single-valued output of several describes: said once, so each of them says the same one. */
const LAST_ONE =
  'with several systems, that of the last in input order (of a system with several steps, the step that failed, else its last), every one in result';

export const OUTPUTS = {
  result:
    "JSON of the operation's outcome (the last service body, or an array for several targets). erp-report: the window's counts, {title, count, outcomes: {outcome: n}}, within the runner's limits at any size.",
  'request-id': 'x-vendor-request-id of the last response.',
  'correlation-id': 'x-vendor-correlation-request-id of the last response.',
  'operation-status':
    'The final status of the operation; with several instances, Succeeded only if every one succeeded.',
  'operation-id': `Id of the async operation; ${LAST_ONE}.`,
  'operation-url':
    'The newest polling URL the service gave, to resume with wait-for-operation (the last instance with several).',
  'operation-urls':
    'JSON array of the newest polling URL of every operation not yet ended, in input order; [] when all ended. With wait: false, every started operation. Passes to wait-for-operation as it is.',
  'percent-complete': `Percent complete of the operation; ${LAST_ONE}.`,
  'start-time': `Start time of the operation or synchronization; ${LAST_ONE}.`,
  'end-time': `End time of the operation or synchronization; ${LAST_ONE}.`,
  'synchronization-id': 'The synchronization followed.',
  'synchronization-status': 'Its status.',
  'synchronization-mode': 'Incremental or FullSync.',
  'duration-ms': 'Duration of the synchronization in milliseconds.',
  message: 'Message of the synchronization.',
  'recurrence-interval': "The source share's schedule interval (Hour or Day), where one is set.",
  'synchronization-time': "The source share's scheduled synchronization time, where one is set.",
  cached: 'true when every requested image is cached (in every region).',
  'missing-images': 'JSON array of the requested references that are not cached (in at least one region).',
  images: 'JSON array of {image, osType} that matched (with several regions, each entry also has location).',
  regions:
    'check-image-cached: JSON array, one per region in input order: {location, cached, "missing-images"}; a region the service refused also has error.',
  'removed-users': 'JSON array of the e-mail addresses removed.',
  'absent-users':
    'JSON array of the e-mail addresses that were not members of the app (404 UserNotFound); an app that does not exist still fails the step.',
  'failed-datasets':
    'JSON array of {name, dataSetType, status, message} of each dataset that did not succeed, read when the synchronization ended in failure; [] otherwise.',
  instances:
    'erp-report: the merged systems of every result file, each {name, id, leg, file, operation, outcome, before, after, cause}, with last-read (its last erp-status read) and history (each operation of the run on it, in order) where it had them. Otherwise: JSON array, one entry per instance in input order: {name, before, after, health, outcome}; outcome is stopped, started, restarted (erp-restart), skipped, running (resumable), not sent (cancelled or timed out before its request left), failed, planned (dry run) or read (erp-status, whose entries also have parts: [{part, name, health, dispatcher}], its central services and application instances as read, null where they could not be). With whole-system: true, and for erp-restart, each entry also has steps: [{step, target, before, after, outcome, seconds}] in order (erp-status: databases: [{name, databaseType, status}]). erp-list: one entry per system selected, in listing order: {id, name, subscription-id, resource-group, location, environment, status, health, state, tags}.',
  changes: 'true when the run would change something (dry-run: true) or did change something; else false.',
  plan: 'With dry-run: true, JSON array of {target, method, url, body, effect}, one per request that would change something; [] otherwise.',
  'user-id': 'Id from the profile.',
  'user-name': 'Name from the profile.',
  'user-email': 'E-mail from the profile.',
  'user-display-name': 'Display name from the profile.',
  ids: "erp-list: the selected systems' resource ids in RegistrationComplete, one per line; passes as it is to erp-virtual-instance.",
  count:
    'erp-list: how many systems ids and matrix carry, as text; 0 when none. erp-report: how many systems the window has (with a result, or missing). erp-check: how many systems were checked.',
  refused: 'erp-check: how many systems are refused (a finding of level refuse), as text.',
  checks:
    'erp-check: JSON array, one entry per system checked, the refused first: {id, name, ready, findings: [{code, level, part, text}]}; level is refuse, warn or unknown.',
  failed: 'erp-report: how many systems of the window failed, as text.',
  missing:
    'erp-report: JSON array of the expected ids with no result (their leg did not run, or ended before writing its file). check-image-cached: JSON array of {location, image}, one per image and region where it is not cached.',
  matrix:
    'erp-list: {"include": [{"leg", "erp-virtual-instance", "names"}, …]}, per-leg systems a leg (at most 256 legs), for strategy.matrix with fromJSON; {"include": []} when none.',
  'result-file':
    'The path of the JSON file this step wrote its result to (under RUNNER_TEMP, named per run attempt, job, leg and step; docs/result-file.md): upload it, and erp-report gathers the legs of a window.',
  'report-file':
    "erp-report: the path of the JSON file of the merged window it wrote under RUNNER_TEMP ({format, title, instances}, every system as instances lists them): the way to every system past the runner's 1 MiB, where instances is left out.",
  operations:
    'JSON array of every operation not yet ended: {target (the resource id), verb (stop or start), url (the newest polling URL), and snooze: true where deallocate-vm or start-vm was on; for a whole-system step also its step, its database where on one, and left (the steps of the window never sent)}; [] when all ended. Passes to wait-for-operation as operation-url, which then names and verifies each system, and fails naming the steps of a window left.',
} as const;

export type OutputName = keyof typeof OUTPUTS;

/** The outputs every operation against the resource-management API sets from its last response. */
export const RESPONSE_ID_OUTPUTS = ['request-id', 'correlation-id'] as const satisfies readonly OutputName[];
