import { createDispatcher } from '../client/dispatcher.js';
import { connectAppManagement, connectResourceManager, type SignIn } from '../client/connect.js';
import { InputError } from '../client/errors.js';
import type { HttpClient, HttpResponse } from '../client/http.js';
import type { Dispatcher } from 'undici';
import type { Clock } from '../client/clock.js';
import { appCurrentUser, appRemoveUser } from '../operations/app-users.js';
import { checkImageCached } from '../operations/check-image-cached.js';
import { erpStop } from '../operations/erp-stop.js';
import type { Logger, OperationContext, OperationResult } from '../operations/types.js';
import { waitForOperation } from '../operations/wait-for-operation.js';
import { waitForSync } from '../operations/wait-for-sync.js';
import { OPERATIONS, type OperationName } from './definitions.js';
import { uuid } from './parsers.js';
import { InputReader, type InputSource } from './reader.js';

/** What an adapter (the action, the command line) provides to run an operation. */
export interface Runtime {
  logger: Logger;
  clock: Clock;
  signal?: AbortSignal;
  onSecret: (secret: string) => void;
  /** The runner's OIDC token for an audience; absent where the runner offers none. */
  idToken?: (audience: string) => Promise<string>;
  userAgent?: string;
}

export interface Run {
  operation: OperationName;
  result: OperationResult;
  /** The operation's outputs with the ids of the last response (`request-id`, `correlation-id`) added. */
  outputs: OperationResult['outputs'];
}

/** An output as text, the same for the action and the command line: objects and arrays as JSON. */
export function outputText(value: string | number | boolean | object): string {
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

const API_VERSIONS = { erp: '2023-04-01', dataShare: '2021-08-01', images: '2025-09-01' } as const;

export function parseOperation(raw: string | undefined): OperationName {
  const name = raw?.trim() ?? '';
  if ((OPERATIONS as readonly string[]).includes(name)) return name as OperationName;
  throw new InputError(
    'operation',
    `${name ? `'${name}' is not an operation` : 'is required'}; valid operations: ${OPERATIONS.join(', ')}`,
  );
}

/** Reads and validates every input the operation uses, then runs it. No request leaves before validation ends. */
export async function runOperation(source: InputSource, runtime: Runtime): Promise<Run> {
  const operation = parseOperation(source('operation'));
  const inputs = new InputReader(source);
  const last: { response?: HttpResponse } = {};
  let dispatcher: Dispatcher | undefined;
  const start = () => {
    dispatcher = createDispatcher({ requestTimeoutMs: inputs.optional('request-timeout')! });
    const ctx: OperationContext = {
      clock: runtime.clock,
      logger: runtime.logger,
      signal: runtime.signal,
      deadline: runtime.clock.now() + inputs.optional('timeout')!,
      pollIntervalMs: inputs.optional('poll-interval')!,
    };
    const connectOptions = {
      dispatcher,
      clock: runtime.clock,
      signal: runtime.signal,
      deadline: ctx.deadline,
      debug: runtime.logger.debug,
      onSecret: runtime.onSecret,
      onResponse: (response: HttpResponse) => (last.response = response),
    };
    return { ctx, connectOptions };
  };
  const resourceManager = (): { client: HttpClient; ctx: OperationContext; baseUrl: URL } => {
    const baseUrl = inputs.required('base-url', operation);
    const signIn = readSignIn(inputs, baseUrl, runtime, operation);
    const { ctx, connectOptions } = start();
    return { client: connectResourceManager(baseUrl, signIn, connectOptions), ctx, baseUrl };
  };
  const appManagement = () => {
    const apiUrl = inputs.required('api-url', operation);
    const token = inputs.required('api-token', operation);
    const { ctx, connectOptions } = start();
    return { client: connectAppManagement(apiUrl, token, connectOptions), ctx, apiUrl };
  };
  const apiVersion = (fallback: string) => inputs.optional('api-version') ?? fallback;
  const subscriptionId = () => inputs.required('subscription-id', operation);
  const resourceGroup = () => inputs.required('resource-group', operation);

  let result: OperationResult;
  try {
    switch (operation) {
      case 'erp-stop': {
        const options = {
          apiVersion: apiVersion(API_VERSIONS.erp),
          subscriptionId: subscriptionId(),
          resourceGroup: resourceGroup(),
          erpVirtualInstances: inputs.required('erp-virtual-instance', operation),
          softStopTimeoutSeconds: inputs.optional('soft-stop-timeout-seconds')!,
          hardStopFallback: inputs.optional('hard-stop-fallback')!,
          maxParallel: inputs.optional('max-parallel')!,
          wait: inputs.optional('wait')!,
        };
        const { client, ctx, baseUrl } = resourceManager();
        result = await erpStop({ ...options, baseUrl }, client, ctx);
        break;
      }
      case 'wait-for-operation': {
        const operationUrl = inputs.required('operation-url', operation);
        const { client, ctx } = resourceManager();
        result = await waitForOperation({ operationUrl }, client, ctx);
        break;
      }
      case 'wait-for-sync': {
        const options = {
          apiVersion: apiVersion(API_VERSIONS.dataShare),
          subscriptionId: subscriptionId(),
          resourceGroup: resourceGroup(),
          accountName: inputs.required('account-name', operation),
          shareSubscription: inputs.required('share-subscription', operation),
          synchronizationId: inputs.optional('synchronization-id'),
          startedAfter: inputs.optional('started-after'),
          filter: inputs.optional('filter'),
          orderby: inputs.optional('orderby'),
        };
        const { client, ctx, baseUrl } = resourceManager();
        result = await waitForSync({ ...options, baseUrl }, client, ctx);
        break;
      }
      case 'check-image-cached': {
        const sub = subscriptionId();
        if (!uuid.safeParse(sub).success) {
          throw new InputError('subscription-id', `must be a UUID for ${operation} (got '${sub}')`);
        }
        const options = {
          apiVersion: apiVersion(API_VERSIONS.images),
          subscriptionId: sub,
          location: inputs.required('location', operation),
          images: inputs.required('image', operation),
          osType: inputs.optional('os-type'),
          failIfMissing: inputs.optional('fail-if-missing')!,
        };
        const { client, ctx, baseUrl } = resourceManager();
        result = await checkImageCached({ ...options, baseUrl }, client, ctx);
        break;
      }
      case 'app-remove-user': {
        const options = {
          app: inputs.required('app', operation),
          userEmails: inputs.required('user-email', operation),
        };
        const { client, ctx, apiUrl } = appManagement();
        result = await appRemoveUser({ ...options, apiUrl }, client, ctx);
        break;
      }
      case 'app-current-user': {
        const { client, ctx, apiUrl } = appManagement();
        result = await appCurrentUser({ apiUrl }, client, ctx);
        break;
      }
    }
  } finally {
    // Keep-alive sockets would hold the process open after the step is done.
    await dispatcher?.destroy();
  }
  const ids = { 'request-id': last.response?.requestId, 'correlation-id': last.response?.correlationId };
  return { operation, result, outputs: { ...result.outputs, ...ids } };
}

/** The contract's order: access-token; client-secret with client-id and tenant-id; federation; else fail. */
function readSignIn(inputs: InputReader, baseUrl: URL, runtime: Runtime, operation: string): SignIn {
  const accessToken = inputs.optional('access-token');
  if (accessToken) return { kind: 'access-token', accessToken };
  const clientId = inputs.optional('client-id');
  const tenantId = inputs.optional('tenant-id');
  const clientSecret = inputs.optional('client-secret');
  const howTo =
    'set access-token, or client-id and tenant-id with client-secret, or client-id and tenant-id with ' +
    "'permissions: id-token: write' for federation";
  if (!clientId || !tenantId) {
    throw new InputError(
      clientId ? 'tenant-id' : 'client-id',
      `${operation} needs a way to sign in: ${howTo}`,
    );
  }
  const authUrl = inputs.required('auth-url', operation);
  const scope = inputs.optional('scope') ?? `${baseUrl.origin}/.default`;
  if (clientSecret) return { kind: 'client-secret', authUrl, tenantId, clientId, clientSecret, scope };
  const idToken = runtime.idToken;
  if (!idToken) {
    throw new InputError('client-secret', `is not set and the runner offers no OIDC token: ${howTo}`);
  }
  const audience = inputs.optional('oidc-audience')!;
  return { kind: 'federated', authUrl, tenantId, clientId, scope, idToken: () => idToken(audience) };
}
