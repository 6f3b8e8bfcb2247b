import type { z } from 'zod';
import * as p from './parsers.js';

export const OPERATIONS = [
  'erp-stop',
  'wait-for-operation',
  'wait-for-sync',
  'check-image-cached',
  'app-remove-user',
  'app-current-user',
] as const;
export type OperationName = (typeof OPERATIONS)[number];

export interface InputDefinition<T = unknown> {
  description: string;
  /** The operations that read it: the command line's --help per operation is made from this. */
  operations: readonly OperationName[];
  /** The default as a user would write it; absent means "none". */
  default?: string;
  /** Masked the moment it is read. */
  secret?: boolean;
  parse: z.ZodType<T, string>;
}

const def = <T>(d: InputDefinition<T>) => d;
const ALL = OPERATIONS;
const RESOURCE = ['erp-stop', 'wait-for-operation', 'wait-for-sync', 'check-image-cached'] as const;
const APP = ['app-remove-user', 'app-current-user'] as const;

/**
 * Every input of the contract, once: action.yml, the command line's flags and --help are made from this list,
 * and a test holds action.yml to it.
 */
export const INPUTS = {
  operation: def({
    operations: ALL,
    description: `What to do: ${OPERATIONS.join(', ')}.`,
    parse: p.text,
  }),
  'base-url': def({
    operations: RESOURCE,
    description:
      'Base address of the resource-management API (areas A to C). https only, except a loopback host.',
    parse: p.serviceUrl,
  }),
  'api-version': def({
    operations: ['erp-stop', 'wait-for-sync', 'check-image-cached'],
    description:
      'Override of the api-version query parameter. Default per operation: wait-for-sync 2021-08-01, check-image-cached 2025-09-01, erp-stop 2023-04-01.',
    parse: p.text,
  }),
  'access-token': def({
    operations: RESOURCE,
    description:
      'A bearer token obtained elsewhere, sent as Authorization: Bearer. Takes precedence over the other ways to sign in.',
    secret: true,
    parse: p.headerToken,
  }),
  'auth-url': def({
    operations: RESOURCE,
    description: 'Sign-in address; the token endpoint is {auth-url}/{tenant-id}/oauth2/v2.0/token.',
    parse: p.serviceUrl,
  }),
  'tenant-id': def({
    operations: RESOURCE,
    description: 'Tenant of the service principal.',
    parse: p.resourceName(128),
  }),
  'client-id': def({
    operations: RESOURCE,
    description:
      'Service principal (application) id. With client-secret: a client-credentials grant; without it: a federated grant with the runner OIDC token.',
    parse: p.text,
  }),
  'client-secret': def({
    operations: RESOURCE,
    description: 'Secret of the service principal.',
    secret: true,
    parse: p.text,
  }),
  'oidc-audience': def({
    operations: RESOURCE,
    description: 'Audience of the runner OIDC token used for the federated grant.',
    default: 'api://VendorADTokenExchange',
    parse: p.text,
  }),
  scope: def({
    operations: RESOURCE,
    description: 'Scope requested at the token endpoint. Default: {base-url}/.default.',
    parse: p.text,
  }),
  'subscription-id': def({
    operations: ['erp-stop', 'wait-for-sync', 'check-image-cached'],
    description: 'Subscription identifier; a UUID for check-image-cached.',
    parse: p.resourceName(128),
  }),
  'resource-group': def({
    operations: ['erp-stop', 'wait-for-sync'],
    description: 'Resource group name, 1 to 90 characters.',
    parse: p.resourceName(90),
  }),
  timeout: def({
    operations: ALL,
    description: 'The longest the step waits in all: 90s, 15m, 2h, or a number of seconds.',
    default: '30m',
    parse: p.positiveDuration,
  }),
  'poll-interval': def({
    operations: ['erp-stop', 'wait-for-operation', 'wait-for-sync'],
    description:
      'Time between polls when the service sends no Retry-After; a Retry-After from the service wins.',
    default: '15s',
    parse: p.positiveDuration,
  }),
  'request-timeout': def({
    operations: ALL,
    description: 'The longest one HTTP request may take to connect, to answer, or between parts of its body.',
    default: '30s',
    parse: p.positiveDuration,
  }),
  wait: def({
    operations: ['erp-stop'],
    description: 'false: start the work, report how to follow it (operation-url), and end the step.',
    default: 'true',
    parse: p.booleanText,
  }),
  'erp-virtual-instance': def({
    operations: ['erp-stop'],
    description: 'erp-stop: one or more virtual instance names, one per line or comma-separated.',
    parse: p.list.pipe(p.resourceName().array()),
  }),
  'soft-stop-timeout-seconds': def({
    operations: ['erp-stop'],
    description: 'erp-stop: seconds the soft shutdown waits for clients to drain; 0 is a hard stop.',
    default: '0',
    parse: p.integer(0, Number.MAX_SAFE_INTEGER),
  }),
  'hard-stop-fallback': def({
    operations: ['erp-stop'],
    description: 'erp-stop: true to stop again with 0 where the service refuses a soft stop.',
    default: 'false',
    parse: p.booleanText,
  }),
  'max-parallel': def({
    operations: ['erp-stop'],
    description: 'erp-stop: how many instances are stopped and polled at once.',
    default: '10',
    parse: p.integer(1, 1000),
  }),
  'operation-url': def({
    operations: ['wait-for-operation'],
    description:
      'wait-for-operation: the polling URL an earlier erp-stop with wait: false returned; must be on the origin of base-url.',
    parse: p.text,
  }),
  'account-name': def({
    operations: ['wait-for-sync'],
    description: 'wait-for-sync: the data-share account.',
    parse: p.resourceName(),
  }),
  'share-subscription': def({
    operations: ['wait-for-sync'],
    description: 'wait-for-sync: the share subscription.',
    parse: p.resourceName(),
  }),
  'synchronization-id': def({
    operations: ['wait-for-sync'],
    description: 'wait-for-sync: wait for this synchronization.',
    parse: p.text,
  }),
  'started-after': def({
    operations: ['wait-for-sync'],
    description: 'wait-for-sync: ISO 8601 time; only synchronizations that started at or after it count.',
    parse: p.isoTime,
  }),
  filter: def({
    operations: ['wait-for-sync'],
    description: 'wait-for-sync: passed to the service as $filter (OData).',
    parse: p.text,
  }),
  orderby: def({
    operations: ['wait-for-sync'],
    description: 'wait-for-sync: passed to the service as $orderby (OData).',
    parse: p.text,
  }),
  location: def({
    operations: ['check-image-cached'],
    description: 'check-image-cached: region name.',
    parse: p.resourceName(),
  }),
  image: def({
    operations: ['check-image-cached'],
    description:
      'check-image-cached: one or more image references (nginx, nginx:1.27, ghcr.io/org/app@sha256:…).',
    parse: p.list,
  }),
  'os-type': def({
    operations: ['check-image-cached'],
    description: 'check-image-cached: Linux or Windows to count only images of that OS type.',
    default: 'any',
    parse: p.osType,
  }),
  'fail-if-missing': def({
    operations: ['check-image-cached'],
    description: 'check-image-cached: true to fail the step when an image is not cached.',
    default: 'false',
    parse: p.booleanText,
  }),
  'api-url': def({
    operations: APP,
    description:
      'app-*: base address of the app-management API (paths start with /v0.1). https only, except loopback.',
    parse: p.serviceUrl,
  }),
  'api-token': def({
    operations: APP,
    description: 'app-*: API token, sent as X-API-Token.',
    secret: true,
    parse: p.headerToken,
  }),
  app: def({
    operations: ['app-remove-user'],
    description:
      'app-remove-user: owner/app, or the app portal address …/users/{owner}/apps/{app} or …/orgs/{owner}/apps/{app}.',
    parse: p.text,
  }),
  'user-email': def({
    operations: ['app-remove-user'],
    description: 'app-remove-user: one or more e-mail addresses.',
    parse: p.list,
  }),
} satisfies Record<string, InputDefinition>;

export type InputName = keyof typeof INPUTS;
export type InputValue<N extends InputName> = z.output<(typeof INPUTS)[N]['parse']>;

export const SECRET_INPUTS = (Object.keys(INPUTS) as InputName[]).filter(
  (name) => (INPUTS[name] as InputDefinition).secret,
);

export const OUTPUTS = {
  result: "JSON of the operation's outcome (the last service body, or an array for several targets).",
  'request-id': 'x-vendor-request-id of the last response (areas A to C).',
  'correlation-id': 'x-vendor-correlation-request-id of the last response (areas A to C).',
  'operation-status':
    'erp-stop, wait-for-operation: the final status; with several instances, Succeeded only if every one succeeded.',
  'operation-id': 'erp-stop, wait-for-operation: id of the async operation (last instance with several).',
  'operation-url': 'erp-stop, wait-for-operation: the polling URL, to resume with wait-for-operation.',
  'percent-complete': 'erp-stop, wait-for-operation: percent complete.',
  'start-time': 'Start time of the operation or synchronization.',
  'end-time': 'End time of the operation or synchronization.',
  'synchronization-id': 'wait-for-sync: the synchronization followed.',
  'synchronization-status': 'wait-for-sync: its status.',
  'synchronization-mode': 'wait-for-sync: Incremental or FullSync.',
  'duration-ms': 'wait-for-sync: duration in milliseconds.',
  message: 'wait-for-sync: message of the synchronization.',
  'recurrence-interval':
    "wait-for-sync: the source share's schedule interval (Hour or Day), where one is set.",
  'synchronization-time':
    "wait-for-sync: the source share's scheduled synchronization time, where one is set.",
  cached: 'check-image-cached: true when every requested image is cached.',
  'missing-images': 'check-image-cached: JSON array of the requested references that are not cached.',
  images: 'check-image-cached: JSON array of {image, osType} that matched.',
  'removed-users': 'app-remove-user: JSON array of the e-mail addresses removed.',
  'user-id': 'app-current-user: id from the profile.',
  'user-name': 'app-current-user: name from the profile.',
  'user-email': 'app-current-user: e-mail from the profile.',
  'user-display-name': 'app-current-user: display name from the profile.',
} as const;
export type OutputName = keyof typeof OUTPUTS;
