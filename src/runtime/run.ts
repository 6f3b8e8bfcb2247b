import type { Dispatcher } from 'undici';
import type { Clock } from '../client/clock.js';
import {
  connectAppManagement,
  connectResourceManager,
  type ConnectOptions,
  type SignIn,
} from '../client/connect.js';
import { closeDispatcher, createDispatcher } from '../client/dispatcher.js';
import { InputError, type ServiceError } from '../client/errors.js';
import { redactUrls } from '../client/url.js';
import type { HttpClient, HttpResponse } from '../client/http.js';
import { INPUTS, type InputName } from '../operations/inputs.js';
import { inputsOf, type OperationModule } from '../operations/module.js';
import { OPERATION_NAMES, REGISTRY, findOperation } from '../operations/registry.js';
import type { Logger, OperationContext, OperationResult } from '../operations/types.js';
import type { Diagnosis } from '../client/diagnosis.js';
import { AccessRefusals } from './access-refusals.js';
import { nearest } from './nearest.js';
import { InputReader, type InputSource } from './reader.js';
import { maskingSignature, readSignIn, type IdTokenSource } from './sign-in.js';

/** What an adapter (the action, the command line) provides to run an operation. */
export interface Runtime {
  logger: Logger;
  clock: Clock;
  signal?: AbortSignal;
  onSecret: (secret: string) => void;
  /** The runner's OIDC token for an audience; absent where the runner offers none. */
  idToken?: IdTokenSource;
  userAgent?: string;
  /** Told of every response, so an adapter can report the last one's ids even when the step fails. */
  onResponse?: (response: HttpResponse) => void;
  /** Where each retry's line goes (`… retrying in 2 s after HTTP 503`); default: the logger's info lines. */
  onRetry?: (line: string) => void;
  /** The workflow run the step belongs to, where the adapter knows one (the action: GITHUB_RUN_ID). */
  runId?: string;
}

export interface Run {
  operation: string;
  result: OperationResult;
  /** The operation's outputs with the ids of the last response (`request-id`, `correlation-id`) added. */
  outputs: OperationResult['outputs'];
  /** A failure that met AuthorizationFailed: the permissions lacked, each once, for the adapters' "What to do". */
  diagnosis?: Diagnosis;
}

/** An output as text, the same for the action and the command line: objects and arrays as JSON. */
export function outputText(value: string | number | boolean | object): string {
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

export function parseOperation(raw: string | undefined): OperationModule {
  const name = raw?.trim() ?? '';
  const module = findOperation(name);
  if (module) return module;
  // As the command line does: a likely slip named first, then every valid name.
  const near = name ? nearest(name, OPERATION_NAMES) : undefined;
  throw new InputError(
    'operation',
    `${name ? `'${name}' is not an operation` : 'is required'}; ${near ? `did you mean ${near}? ` : ''}valid operations: ${OPERATION_NAMES.join(', ')}`,
  );
}

/**
 * Reads and validates every input the operation uses, then runs it. No request leaves before validation ends:
 * the operation's own inputs first, then its client's, then the step's, and only then does anything connect.
 */
export async function runOperation(source: InputSource, given: Runtime): Promise<Run> {
  const runtime = { ...given, logger: redacting(given.logger) };
  const module = parseOperation(source('operation'));
  const inputs = new InputReader(source, runtime.logger.info);
  refuseUnread(module, inputs);
  const options = Object.fromEntries(
    Object.entries(module.inputs).map(([key, use]) => [key, inputs.read(use, module.name)]),
  );
  const connection = readConnection(module, inputs, runtime);
  const requestTimeoutMs = inputs.optional('request-timeout')!;
  // The adapters act on summary; a value they could not read is refused here, before any request.
  inputs.optional('summary');
  const dryRun = module.plans ? inputs.optional('dry-run') === true : false;
  const timeoutMs = inputs.optional('timeout')!;
  warnOfLongTimeout(timeoutMs, runtime.logger);
  const ctx: OperationContext = {
    clock: runtime.clock,
    logger: runtime.logger,
    signal: runtime.signal,
    deadline: runtime.clock.now() + timeoutMs,
    // An operation that does not poll still gets the vocabulary's interval, never read from the inputs.
    pollIntervalMs: module.polls
      ? inputs.optional('poll-interval')!
      : INPUTS['poll-interval'].parse.parse(INPUTS['poll-interval'].default!),
    dryRun,
    runId: runtime.runId,
  };

  const last: { response?: HttpResponse } = {};
  let dispatcher: Dispatcher | undefined;
  let result: OperationResult;
  let signInFailure: ServiceError | undefined;
  // The resource manager's 401s and 403s over every system, reported once (access-refusals.ts).
  const refusals = connection.signIn ? new AccessRefusals() : undefined;
  let diagnosis: Diagnosis | undefined;
  try {
    dispatcher = createDispatcher({ requestTimeoutMs });
    const client = connection.connect({
      dispatcher,
      clock: runtime.clock,
      signal: runtime.signal,
      deadline: ctx.deadline,
      requestTimeoutMs,
      dryRun,
      debug: runtime.logger.debug,
      onSecret: runtime.onSecret,
      onResponse: (response: HttpResponse) => {
        last.response = response;
        refusals?.observe(response);
        runtime.onResponse?.(response);
      },
      // Each retry is a line the user sees, in the action's log as on the command line.
      onRetry: runtime.onRetry ?? ((line) => runtime.logger.info(line)),
      onSignInFailure: (error) => (signInFailure ??= error),
    });
    // A dry run signs in first, whatever it reads: a plan made without it would pass where the run fails.
    if (dryRun) await client.signIn();
    result = await module.run({ ...options, ...connection.options } as never, client, ctx);
    // No request went out: the sign-in failed before any, and each instance would report it again. It is the
    // step's one cause, said once.
    if (signInFailure && result.failure && client.requestCount === 0) throw signInFailure;
    const snooze = options.deallocateVm ? 'deallocate-vm' : options.startVm ? 'start-vm' : undefined;
    diagnosis = refusals?.settle(result, { signIn: connection.signIn!, snooze });
    if (refusals) result = { ...result, failure: refusals.condense(result.failure) };
  } finally {
    // Keep-alive sockets would hold the process open after the step is done.
    await closeDispatcher(dispatcher);
  }
  const ids = module.outputs.includes('request-id')
    ? { 'request-id': last.response?.requestId, 'correlation-id': last.response?.correlationId }
    : {};
  return { operation: module.name, result, outputs: { ...result.outputs, ...ids }, diagnosis };
}

/**
 * The log as the contract shows it, for the action and the command line alike: a URL anywhere in a line (the
 * service's own error text included) without user info and with its query reduced to api-version, as the summary
 * shows it; only outputs carry a URL whole.
 */
function redacting(logger: Logger): Logger {
  return {
    info: (line) => logger.info(redactUrls(line)),
    warning: (line) => logger.warning(redactUrls(line)),
    ...(logger.debug ? { debug: (line: string) => logger.debug?.(redactUrls(line)) } : {}),
    group: (name, work) => logger.group(redactUrls(name), work),
  };
}

/** Hosted runners end a job after 6 hours, and their OIDC tokens can be requested for about as long. */
const RUNNER_JOB_LIMIT_MS = 6 * 3_600_000;

/** The operations that only wait (they poll and change nothing), from the registry. */
const waiters = () =>
  REGISTRY.filter((m) => m.polls && !m.plans)
    .map((m) => m.name)
    .join(' or ');

/** A timeout no runner job can serve is said before any request, with the way to wait longer. */
function warnOfLongTimeout(timeoutMs: number, logger: Logger): void {
  if (timeoutMs <= RUNNER_JOB_LIMIT_MS) return;
  logger.warning(
    `timeout is ${Math.round((timeoutMs / 3_600_000) * 10) / 10} h, over 6 hours: hosted runners end a job after ` +
      "6 hours and the runner's OIDC tokens can be requested for about 6 hours. For a longer wait, start with " +
      `wait: false and follow in a later job with ${waiters()}.`,
  );
}

/** The API an operation talks to, read and validated; `connect` is called only once every input has passed. */
function readConnection(
  module: OperationModule,
  inputs: InputReader,
  runtime: Runtime,
): {
  options: { baseUrl: URL } | { apiUrl: URL } | object;
  connect: (options: ConnectOptions) => HttpClient;
  signIn?: SignIn;
} {
  if (module.client === 'resource-manager') {
    const baseUrl = inputs.required('base-url', module.name);
    const idToken = maskingSignature(runtime.idToken, runtime.onSecret);
    const signIn = readSignIn(inputs, baseUrl, idToken, module.name);
    return { options: { baseUrl }, connect: (o) => connectResourceManager(baseUrl, signIn, o), signIn };
  }
  if (module.client === 'none') {
    // The operation sends nothing: a client every use of which fails, so a request it tried could not go unseen.
    return { options: {}, connect: () => NO_CLIENT };
  }
  const apiUrl = inputs.required('api-url', module.name);
  const token = inputs.required('api-token', module.name);
  return { options: { apiUrl }, connect: (o) => connectAppManagement(apiUrl, token, o) };
}

/** The client of an operation that sends nothing: any use of it is a defect, and says so. */
const NO_CLIENT = new Proxy({} as HttpClient, {
  get: (_, name) => {
    throw new Error(`an operation that sends no request used its client (${String(name)})`);
  },
});

/**
 * A value the operation would not read is refused, not dropped: `soft-stop-timeout-seconds` given to an
 * operation that does not read it would otherwise be ignored without a word.
 */
function refuseUnread(module: OperationModule, inputs: InputReader): void {
  const read = new Set<InputName>(['operation', ...inputsOf(module)]);
  for (const name of Object.keys(INPUTS) as InputName[]) {
    if (!read.has(name) && inputs.given(name)) {
      throw new InputError(
        name,
        `is not read by ${module.name}; remove it (${module.name} reads: ${[...read].slice(1).join(', ')})`,
      );
    }
  }
}
