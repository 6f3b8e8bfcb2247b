/** The words of data-share's knobs (Area A: its synchronizations, starts, cancels and listings): knob-docs.ts spreads them in. */
export const DATA_SHARE_KNOB_DOCS: Record<string, string> = {
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
  'dataShare.cancelEnded':
    'A cancel of a synchronization that has ended is refused with this answer (by default answered 200 with its status).',
  'dataShare.cancelEnded.status': 'Its HTTP status.',
  'dataShare.cancelEnded.code': 'Its error code.',
  'dataShare.cancelEnded.message': 'Its error message.',
};
