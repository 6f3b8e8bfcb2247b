import type { ClientOptions, OptionsOf } from '../module.js';
import { optional, required, withDefault } from '../module.js';
import { RESPONSE_ID_OUTPUTS, type OutputName } from '../outputs.js';
import { ERP_API_VERSION, SNOOZE_API_VERSION } from './vocabulary.js';

/** The inputs erp-stop and erp-start both read, and the outputs both set. */
export const INSTANCE_ACTION_INPUTS = {
  // Applied in apiVersionFor, as it depends on the snooze input; shown here for action.yml and the README.
  apiVersion: optional(
    'api-version',
    `${ERP_API_VERSION}; ${SNOOZE_API_VERSION} with deallocate-vm or start-vm`,
  ),
  subscriptionId: optional('subscription-id'),
  resourceGroup: optional('resource-group'),
  erpVirtualInstances: required('erp-virtual-instance'),
  maxParallel: withDefault('max-parallel'),
  wait: withDefault('wait'),
  skipIfDone: withDefault('skip-if-done'),
  verify: withDefault('verify'),
};

export const OPERATION_OUTPUTS = [
  'result',
  'operation-status',
  'operation-id',
  'operation-url',
  'operation-urls',
  'percent-complete',
  'start-time',
  'end-time',
  ...RESPONSE_ID_OUTPUTS,
  'operations',
] as const satisfies readonly OutputName[];

export const INSTANCE_ACTION_OUTPUTS = [
  ...OPERATION_OUTPUTS,
  'instances',
] as const satisfies readonly OutputName[];

/** What erp-stop and erp-start share, as the registry reads it: the instances, where they live, how to go on. */
export type InstanceActionOptions = OptionsOf<typeof INSTANCE_ACTION_INPUTS> &
  ClientOptions<'resource-manager'>;
