import { InputError, OriginError } from '../client/errors.js';
import type { HttpClient } from '../client/http.js';
import { redactQuery, resolveOnOrigin } from '../client/url.js';
import { followOperation } from './erp/follow.js';
import { conclude, report } from './erp/outcome.js';
import { InstanceLog } from './erp/progress.js';
import { defineOperation, required } from './module.js';
import { OPERATION_OUTPUTS } from './erp/instance-action.js';
import type { OperationContext, OperationResult } from './types.js';

export interface WaitForOperationOptions {
  operationUrl: string;
}

/** wait-for-operation: reads the operation-url; sets the operation outputs, as erp-stop and erp-start do. */
export default defineOperation({
  name: 'wait-for-operation',
  description:
    'Resumes waiting on the operation-url that an earlier erp-stop or erp-start with wait false returned.',
  client: 'resource-manager',
  polls: true,
  inputs: { operationUrl: required('operation-url') },
  outputs: OPERATION_OUTPUTS,
  example: '--base-url https://management.example --access-token "$TOKEN" --operation-url "$OPERATION_URL"',
  run: waitForOperation,
});

/** Resumes waiting on an operation an earlier `erp-stop` or `erp-start` with `wait: false` started: same origin rule, same polling. */
export async function waitForOperation(
  options: WaitForOperationOptions,
  client: HttpClient,
  ctx: OperationContext,
): Promise<OperationResult> {
  let pollingUrl: string;
  try {
    pollingUrl = resolveOnOrigin(options.operationUrl, client.origin, 'operation-url').href;
  } catch (error) {
    if (error instanceof OriginError) throw new InputError('operation-url', error.message);
    throw error;
  }
  const target = redactQuery(pollingUrl);
  const outcome = await ctx.logger.group(`wait-for-operation ${target}`, async () => {
    const log = new InstanceLog('operation', ctx.logger);
    const startedAt = ctx.clock.now();
    const followed = await followOperation({ client, ctx, log, pollingUrl, startedAt });
    const result = conclude('The operation', target, followed, pollingUrl, ctx.clock.now() - startedAt, log);
    for (const line of log.details) ctx.logger.info(line);
    return result;
  });
  return report([outcome], {
    title: 'wait-for-operation',
    targetHeader: 'operation',
    several: false,
    severalFailed: 'operations did not end well',
  });
}
