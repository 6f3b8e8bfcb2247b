import { ServiceError } from '../../client/errors.js';
import type { HttpClient, HttpResponse } from '../../client/http.js';
import type { SnoozeStopRequestBody } from '../../client/schemas/erp.js';
import { runInstanceAction } from './instance-action.js';
import { INSTANCE_ACTION_INPUTS, INSTANCE_ACTION_OUTPUTS } from './instance-io.js';
import type { InstanceLog } from './progress.js';
import { hasSnoozeFields } from './vocabulary.js';
import { bySelection, SELECTION_INPUTS } from './erp-list/select.js';
import { defineOperation, optional, withDefault, type ClientOptions, type OptionsOf } from '../module.js';
import { refuseWindowInputs } from './window/preflight.js';
import { runWindow } from './window/run.js';
import type { OperationContext } from '../types.js';

const STOP_INPUTS = {
  ...INSTANCE_ACTION_INPUTS,
  softStopTimeoutSeconds: withDefault('soft-stop-timeout-seconds'),
  hardStopFallback: withDefault('hard-stop-fallback'),
  deallocateVm: withDefault('deallocate-vm'),
  wholeSystem: withDefault('whole-system'),
  databaseSoftStopTimeoutSeconds: optional('database-soft-stop-timeout-seconds'),
};

export type ErpStopOptions = OptionsOf<typeof STOP_INPUTS> & ClientOptions<'resource-manager'>;

/**
 * erp-stop (C1): stops the application of each erp virtual instance and, unless `wait` is false, follows each
 * stop's long-running operation to its end. Reads the instances, the soft-stop inputs, max-parallel and wait;
 * sets the operation outputs.
 */
export default defineOperation({
  name: 'erp-stop',
  description:
    'Stops the application of one or more erp virtual instances (soft-stop timeout, hard-stop fallback) and waits for each stop to end.',
  client: 'resource-manager',
  polls: true,
  plans: true,
  inputs: { ...STOP_INPUTS, ...SELECTION_INPUTS },
  outputs: [...INSTANCE_ACTION_OUTPUTS, 'changes', 'plan'],
  example:
    '--base-url https://management.example --access-token "$TOKEN" --subscription-id SUB --resource-group rg-erp --erp-virtual-instance X01 --soft-stop-timeout-seconds 300',
  run: bySelection('erp-stop', erpStop),
});

export function erpStop(options: ErpStopOptions, client: HttpClient, ctx: OperationContext) {
  refuseWindowInputs(options);
  if (options.wholeSystem) {
    const window = {
      verb: 'stop' as const,
      databaseSoftStopTimeoutSeconds: options.databaseSoftStopTimeoutSeconds ?? 0,
      machines: options.deallocateVm,
    };
    return runWindow(
      {
        ...options,
        ...window,
        sendStop: ({ body, ...request }) => sendStop({ ...request, options: { ...options, ...body } }),
      },
      client,
      ctx,
    );
  }
  const soft = options.softStopTimeoutSeconds;
  const describe = [
    soft > 0 ? `stop (soft ${soft} s)` : 'stop (hard)',
    options.deallocateVm ? ', deallocating the VMs' : '',
  ].join('');
  return runInstanceAction(
    {
      verb: 'stop',
      snooze: { input: 'deallocate-vm', on: options.deallocateVm },
      describe,
      plan: `stop (${soft > 0 ? `soft ${soft} s` : 'hard'}${options.deallocateVm ? ', deallocate VMs' : ''})`,
      send: (request) => sendStop({ ...request, options }),
    },
    options,
    client,
    ctx,
  );
}

/** C1, with the fallback: a refused soft stop (SoftStopUnsupported) is retried as a hard stop where allowed. */
async function sendStop({
  client,
  url,
  options,
  log,
  apiVersion,
  clientRequestId,
  sent,
}: {
  client: HttpClient;
  url: URL;
  options: ErpStopOptions;
  log: InstanceLog;
  apiVersion: string;
  clientRequestId?: string;
  sent?: { done: string };
}): Promise<HttpResponse> {
  // With deallocate-vm false the body is the seed's, byte for byte, whatever the api-version.
  const snooze = options.deallocateVm && hasSnoozeFields(apiVersion) ? { deallocateVm: true } : {};
  const stop = (softStopTimeoutSeconds: number, id?: string) =>
    client.send({
      method: 'POST',
      url,
      json: { softStopTimeoutSeconds, ...snooze } satisfies SnoozeStopRequestBody,
      clientRequestId: id,
    });
  const soft = options.softStopTimeoutSeconds;
  try {
    return await stop(soft, clientRequestId);
  } catch (error) {
    if (
      !(error instanceof ServiceError) ||
      error.code?.toLowerCase() !== 'softstopunsupported' ||
      soft === 0
    ) {
      throw error;
    }
    if (!options.hardStopFallback) {
      throw error.withHint('Set hard-stop-fallback: true to stop with softStopTimeoutSeconds 0 instead.');
    }
    log.warning(
      `the service refused a soft stop of ${soft}s (${error.serviceMessage ?? error.code}); ` +
        'stopping again with softStopTimeoutSeconds 0 (hard-stop-fallback)',
    );
    // What was done is what was sent: the hard stop, and that the soft one was refused.
    if (sent) {
      const how = sent.done.replace(/^stop \(soft \d+ s\)/, '').replace(/^stop \(hard\)/, '');
      sent.done = `stop (hard; the soft stop of ${soft} s was refused: ${error.code})${how}`;
    }
    return stop(0);
  }
}
