import { OPERATION_OUTPUTS } from './instance-io.js';
import { resultFileFor } from './report/build.js';
import { defineOperation } from '../module.js';
import { WAIT_INPUTS } from './wait-options.js';
import { erpCode } from './load.js';

export type { WaitForOperationOptions } from './wait-options.js';

/**
 * wait-for-operation: reads the operation-url (one, several, or the operation-urls JSON array) and
 * max-parallel; sets the operation outputs, as erp-stop and erp-start do.
 */
export default defineOperation({
  name: 'wait-for-operation',
  resultFile: resultFileFor('wait-for-operation'),
  description:
    'Resumes waiting on the operation-url(s) that an earlier erp-stop or erp-start with wait false returned.',
  client: 'resource-manager',
  polls: true,
  inputs: WAIT_INPUTS,
  outputs: OPERATION_OUTPUTS,
  example: '--base-url https://management.example --access-token "$TOKEN" --operation-url "$OPERATION_URLS"',
  view: {
    resume: 'wait-for-operation and the operation-urls output',
    whatToDo: {
      'not sent':
        "A whole-system window has steps that were never sent: run the window's own step again (erp-stop or erp-start with whole-system: true, as before); what is done is skipped, a step in progress followed.",
    },
    firstTable: "Times: this step's wait, and the service's own start and end",
    title: () => 'nothing to wait for',
  },
  run: (options, client, ctx) => erpCode().then((code) => code.waitForOperation(options, client, ctx)),
});
