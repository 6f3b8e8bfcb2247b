import type { HttpClient } from '../../client/http.js';
import type { StartRequestBody } from '../../client/schemas/erp.js';
import { runInstanceAction } from './instance-action.js';
import { INSTANCE_ACTION_INPUTS, INSTANCE_ACTION_OUTPUTS } from './instance-io.js';
import { bySelection, SELECTION_INPUTS } from './erp-list/select.js';
import { defineOperation, withDefault, type ClientOptions, type OptionsOf } from '../module.js';
import { refuseWindowInputs } from './window/preflight.js';
import { runWindow } from './window/run.js';
import type { OperationContext } from '../types.js';

const START_INPUTS = {
  ...INSTANCE_ACTION_INPUTS,
  startVm: withDefault('start-vm'),
  wholeSystem: withDefault('whole-system'),
};

/**
 * erp-start (C2): starts the application of each erp virtual instance again, the end of a maintenance window;
 * otherwise as erp-stop. Reads the instances, max-parallel and wait (no soft-stop inputs); sets the operation
 * outputs.
 */
export default defineOperation({
  name: 'erp-start',
  resultFile: true,
  description:
    'Starts the application of one or more erp virtual instances again (the end of a maintenance window) and waits for each start to end.',
  client: 'resource-manager',
  polls: true,
  plans: true,
  inputs: { ...START_INPUTS, ...SELECTION_INPUTS },
  outputs: [...INSTANCE_ACTION_OUTPUTS, 'changes', 'plan'],
  example:
    '--base-url https://management.example --access-token "$TOKEN" --subscription-id SUB --resource-group rg-erp --erp-virtual-instance X01,X02',
  view: { running: 'starting', resume: 'wait-for-operation and the operation-urls output' },
  run: bySelection('erp-start', erpStart),
});

export type ErpStartOptions = OptionsOf<typeof START_INPUTS> & ClientOptions<'resource-manager'>;

export function erpStart(options: ErpStartOptions, client: HttpClient, ctx: OperationContext) {
  refuseWindowInputs(options);
  if (options.wholeSystem) {
    const window = {
      softStopTimeoutSeconds: 0,
      databaseSoftStopTimeoutSeconds: 0,
      machines: options.startVm,
    };
    return runWindow({ ...options, ...window, verb: 'start' }, client, ctx);
  }
  // The seed's C2 has no request body (`json` undefined sends none, with Content-Length: 0); start-vm's is
  // `{"startVm": true}` (api-version 2024-09-01 by default, see apiVersionFor).
  const json = options.startVm ? ({ startVm: true } satisfies StartRequestBody) : undefined;
  return runInstanceAction(
    {
      verb: 'start',
      snooze: { input: 'start-vm', on: options.startVm },
      describe: options.startVm ? 'start, starting the VMs first' : 'start',
      plan: options.startVm ? 'start (start VMs first)' : 'start',
      send: ({ client: c, url, clientRequestId }) => c.send({ method: 'POST', url, json, clientRequestId }),
    },
    options,
    client,
    ctx,
  );
}
