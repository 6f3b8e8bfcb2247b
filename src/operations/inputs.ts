import type { ParsedBy } from './input-parser.js';
import { def, type InputDefinition } from './input-definition.js';
import * as erp from './erp-parsers.js';
import { ERP_WINDOW_INPUTS } from './erp-inputs.js';
import * as p from './parsers.js';
import { operationUrls } from './url-parsers.js';

export type { InputDefinition } from './input-definition.js';

/**
 * The contract's input vocabulary, once: each name with what it means and how its text is read. Which
 * operation reads which input is said by the operation's own module (see ./registry.ts), not here.
 */
export const INPUTS = {
  operation: def({ description: 'What to do (see the operations).', parse: p.text }),
  'base-url': def({
    description: 'Base address of the resource-management API. https only, except a loopback host.',
    parse: p.serviceUrl,
  }),
  'api-version': def({ description: 'Override of the api-version query parameter.', parse: p.text }),
  'access-token': def({
    description:
      'A bearer token obtained elsewhere, sent as Authorization: Bearer. Takes precedence over the other ways to sign in.',
    secret: true,
    parse: p.headerToken,
  }),
  'auth-url': def({
    description: 'Sign-in address; the token endpoint is {auth-url}/{tenant-id}/oauth2/v2.0/token.',
    parse: p.serviceUrl,
  }),
  'tenant-id': def({ description: 'Tenant of the service principal.', parse: p.resourceName(128) }),
  'client-id': def({
    description:
      'Service principal (application) id. With client-secret: a client-credentials grant; without it: a federated grant with the runner OIDC token.',
    parse: p.text,
  }),
  'client-secret': def({ description: 'Secret of the service principal.', secret: true, parse: p.text }),
  'oidc-audience': def({
    description: 'Audience of the runner OIDC token used for the federated grant.',
    default: 'api://VendorADTokenExchange',
    parse: p.text,
  }),
  scope: def({
    description: 'Scope requested at the token endpoint. Default: {base-url}/.default.',
    parse: p.text,
  }),
  'subscription-id': def({
    description:
      'Subscription identifier (a UUID); for erp-list, and erp-stop, erp-start, erp-status selecting by tag, one or more (one per line or comma-separated).',
    parse: p.resourceName(128),
  }),
  'resource-group': def({
    description:
      'Resource group name, 1 to 90 characters; for erp-list, and erp-stop, erp-start, erp-status selecting by tag, one or more (one per line or comma-separated; of every subscription given; none: the whole subscription).',
    parse: p.resourceName(90),
  }),
  timeout: def({
    description: 'The longest the step waits in all: 90s, 15m, 2h, or a number of seconds.',
    default: '30m',
    parse: p.positiveDuration,
  }),
  'poll-interval': def({
    description:
      'Time between polls when the service sends no Retry-After; a Retry-After from the service wins. At least 1s: a shorter one is read as 1s.',
    default: '15s',
    parse: p.pollInterval,
  }),
  'request-timeout': def({
    description: 'The longest one HTTP request may take to connect, to answer, or between parts of its body.',
    default: '30s',
    parse: p.positiveDuration,
  }),
  summary: def({
    description: 'false: write no job summary (for workflows that post their own).',
    default: 'true',
    parse: p.booleanText,
  }),
  wait: def({
    description: 'false: start the work, report how to follow it (operation-url), and end the step.',
    default: 'true',
    parse: p.booleanText,
  }),
  'erp-virtual-instance': def({
    description:
      'One or more erp virtual instances, one per line or comma-separated: a name (in subscription-id and resource-group), or its full resource id, which starts /subscriptions/ and ends /erpVirtualInstances/{name} (then subscription-id and resource-group are not needed).',
    parse: erp.erpVirtualInstanceItems,
  }),
  'soft-stop-timeout-seconds': def({
    description:
      'Seconds the soft shutdown waits for clients to drain; 0 is a hard stop. Below 82800: the service refuses more.',
    default: '0',
    parse: p.integer(0, 82799),
  }),
  'hard-stop-fallback': def({
    description: 'true to stop again with 0 where the service refuses a soft stop.',
    default: 'false',
    parse: p.booleanText,
  }),
  'max-parallel': def({
    description: 'How many instances (or operations) are handled at once.',
    default: '10',
    parse: p.integer(1, 1000),
  }),
  'skip-if-done': def({
    description:
      'true: an instance already in the end state (Offline for a stop, Running for a start) gets no request that changes it and is reported skipped; false sends it anyway.',
    default: 'true',
    parse: p.booleanText,
  }),
  verify: def({
    description:
      'true: after an operation ends Succeeded, read the instance until it is no longer Starting, Stopping or SoftShutdown; an end status other than Offline (stop) or Running (start) fails it.',
    default: 'true',
    parse: p.booleanText,
  }),
  'deallocate-vm': def({
    description:
      'true: the stop also deallocates the virtual machines (deallocateVm, api-version 2024-09-01 by default).',
    default: 'false',
    parse: p.booleanText,
  }),
  'start-vm': def({
    description: 'true: the virtual machines are started first (startVm, api-version 2024-09-01 by default).',
    default: 'false',
    parse: p.booleanText,
  }),
  'expect-status': def({
    description: 'One status (e.g. Offline): the step fails when any instance is in another.',
    parse: p.text,
  }),
  'dry-run': def({
    description:
      'true: sign in, read, and report what would change (the plan output); send nothing that changes anything.',
    default: 'false',
    parse: p.booleanText,
  }),
  'operation-url': def({
    description:
      'The polling URL an earlier erp-stop or erp-start with wait: false returned: one, several (one per line), or a JSON array (its operation-urls output as it is, or its operations output, which names each system so that its end is verified). Each must be on the origin of base-url.',
    parse: operationUrls,
  }),
  'account-name': def({ description: 'The data-share account.', parse: p.resourceName() }),
  'share-subscription': def({ description: 'The share subscription.', parse: p.resourceName() }),
  'synchronization-id': def({
    description:
      'The synchronization to follow (wait-for-sync) or cancel (sync-cancel; default: the one that started last and has not ended).',
    parse: p.text,
  }),
  'synchronization-mode': def({
    description: 'Incremental or FullSync.',
    default: 'Incremental',
    parse: p.synchronizationMode,
  }),
  'cancel-on-abort': def({
    description:
      'true: when the job is cancelled while the step waits, cancel the synchronization it started before it exits.',
    default: 'false',
    parse: p.booleanText,
  }),
  'started-after': def({
    description:
      'ISO 8601 time with a time zone (Z or +hh:mm); only synchronizations that started at or after it count.',
    parse: p.isoTime,
  }),
  filter: def({ description: 'Passed to the service as $filter (OData).', parse: p.text }),
  orderby: def({ description: 'Passed to the service as $orderby (OData).', parse: p.text }),
  location: def({
    description:
      'One or more region names (one per line or comma-separated): every image is checked in every region, in one step.',
    parse: p.regionNames,
  }),
  image: def({
    description: 'One or more image references (nginx, nginx:1.27, ghcr.io/org/app@sha256:…).',
    parse: p.list,
  }),
  'os-type': def({
    description: 'Linux or Windows to count only images of that OS type.',
    default: 'any',
    parse: p.osType,
  }),
  'fail-if-missing': def({
    description: 'true to fail the step when an image is not cached.',
    default: 'false',
    parse: p.booleanText,
  }),
  'api-url': def({
    description:
      'Base address of the app-management API (paths start with /v0.1). https only, except loopback.',
    parse: p.serviceUrl,
  }),
  'api-token': def({
    description: 'API token, sent as X-API-Token.',
    secret: true,
    parse: p.headerToken,
  }),
  app: def({
    description:
      'owner/app, or the app portal address …/users/{owner}/apps/{app} or …/orgs/{owner}/apps/{app}.',
    parse: p.text,
  }),
  'user-email': def({ description: 'One or more e-mail addresses.', parse: p.list }),
  'fail-if-absent': def({
    description:
      'true to fail the step when a user is not a member of the app; by default that user is listed in absent-users and the step goes on (re-running a removal is safe).',
    default: 'false',
    parse: p.booleanText,
  }),
  ...ERP_WINDOW_INPUTS,
} satisfies Record<string, InputDefinition>;

export type InputName = keyof typeof INPUTS;
export type InputValue<N extends InputName> = ParsedBy<(typeof INPUTS)[N]['parse']>;

export const SECRET_INPUTS = (Object.keys(INPUTS) as InputName[]).filter(
  (name) => (INPUTS[name] as InputDefinition).secret,
);
