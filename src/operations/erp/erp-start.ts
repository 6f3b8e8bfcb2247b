import type { HttpClient } from '../../client/http.js';
import {
  INSTANCE_ACTION_INPUTS,
  OPERATION_OUTPUTS,
  runInstanceAction,
  type InstanceActionOptions,
} from './instance-action.js';
import { defineOperation } from '../module.js';
import type { OperationContext } from '../types.js';

/**
 * erp-start (C2): starts the application of each erp virtual instance again, the end of a maintenance window;
 * otherwise as erp-stop. Reads the instances, max-parallel and wait (no soft-stop inputs); sets the operation
 * outputs.
 */
export default defineOperation({
  name: 'erp-start',
  description:
    'Starts the application of one or more erp virtual instances again (the end of a maintenance window) and waits for each start to end.',
  client: 'resource-manager',
  polls: true,
  inputs: INSTANCE_ACTION_INPUTS,
  outputs: OPERATION_OUTPUTS,
  example:
    '--base-url https://management.example --access-token "$TOKEN" --subscription-id SUB --resource-group rg-erp --erp-virtual-instance X01,X02',
  run: erpStart,
});

export function erpStart(options: InstanceActionOptions, client: HttpClient, ctx: OperationContext) {
  // C2 has no request body: `json` undefined sends none, with Content-Length: 0.
  return runInstanceAction(
    { verb: 'start', send: (c, url) => c.send({ method: 'POST', url }) },
    options,
    client,
    ctx,
  );
}
