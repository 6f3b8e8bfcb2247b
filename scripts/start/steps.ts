/** The steps `npm start` runs, in order: what each shows, and why the ones that fail on purpose fail. */
export type Inputs = Record<string, string>;

export interface Step {
  /** What the step shows, in a few words. */
  title: string;
  operation: string;
  /** The step's `with:` (without `operation`), or a function of the outputs of the step before it. */
  inputs: Inputs | ((previous: Inputs) => Inputs);
  /** Why the step fails, where it fails on purpose. */
  fails?: string;
}

/** The inputs the steps share: the emulator's address and credentials, and where each area's resources are. */
interface Sets {
  url: string;
  subscription: string;
  common: Inputs;
  polling: Inputs;
  erp: Inputs;
  share: Inputs;
}

export function demoSteps(url: string, accessToken: string): Step[] {
  const subscription = '00000000-0000-4000-8000-000000000001';
  const common = { 'base-url': url, 'access-token': accessToken };
  // Only the operations that poll read poll-interval; any other refuses an input it would not read.
  const polling = { ...common, 'poll-interval': '1s' };
  const erp = { ...polling, 'subscription-id': subscription, 'resource-group': 'rg-erp' };
  const share = {
    ...polling,
    'subscription-id': subscription,
    'resource-group': 'rg-data',
    'account-name': 'consumer',
    'share-subscription': 'sales',
  };
  const sets: Sets = { url, subscription, common, polling, erp, share };
  return [fleetSteps, windowSteps, wholeSystemSteps, resumeSteps, syncSteps, otherSteps].flatMap((f) =>
    f(sets),
  );
}

/** A fleet chosen by tag. */
function fleetSteps({ common, subscription }: Sets): Step[] {
  return [
    // A fleet chosen by tag: the NonProd systems tagged for the snooze, two a leg of a job matrix; X08 is not
    // registered, so it is reported and left out with a warning.
    {
      title: 'choose the NonProd systems tagged for the snooze, two a leg',
      operation: 'erp-list',
      inputs: {
        ...common,
        'subscription-id': subscription,
        tag: 'SnoozeSAPSystem=True',
        environment: 'NonProd',
        'per-leg': '2',
      },
    },
  ];
}

/** A maintenance window of single systems. */
function windowSteps({ common, subscription, erp }: Sets): Step[] {
  return [
    // A maintenance window: stop the instances (X04 is already Offline: skipped), check the gate (every one
    // Offline), then start them again with their VMs.
    {
      title: 'stop three systems (X04 is already Offline: skipped)',
      operation: 'erp-stop',
      inputs: {
        ...erp,
        'erp-virtual-instance': 'X01, X02, X04',
        'soft-stop-timeout-seconds': '300',
        'hard-stop-fallback': 'true',
      },
    },
    {
      title: 'the gate: are all three Offline?',
      operation: 'erp-status',
      inputs: {
        ...common,
        'subscription-id': subscription,
        'resource-group': 'rg-erp',
        'erp-virtual-instance': 'X01, X02, X04',
        'expect-status': 'Offline',
      },
    },
    {
      title: 'start them again with their VMs',
      operation: 'erp-start',
      inputs: { ...erp, 'erp-virtual-instance': 'X01, X02, X05', 'start-vm': 'true' },
      fails:
        'X05 reports a start that succeeded but comes up PartiallyRunning: verify catches the false success',
    },
    {
      title: 'a stop the service reports Failed',
      operation: 'erp-stop',
      inputs: { ...erp, 'erp-virtual-instance': 'X09' },
      fails: "the service ends X09's stop Failed (StopFailed): the step names the cause and what to do",
    },
    {
      title: 'the checks before the window refuse X08 by name; X04 goes on (already Offline: skipped)',
      operation: 'erp-stop',
      inputs: { ...erp, 'erp-virtual-instance': 'X04, X08' },
      fails:
        'X08 is RegistrationFailed (not-registered): the service offers it no stop, so nothing is sent to it',
    },
    {
      title: 'start X10: Running, but not yet serving (a dispatcher stays Stopped): a warning naming it',
      operation: 'erp-start',
      inputs: { ...erp, 'erp-virtual-instance': 'X10', 'health-timeout': '3s' },
    },
  ];
}

/** A whole system's window, and one refused. */
function wholeSystemSteps({ common, subscription, erp }: Sets): Step[] {
  return [
    // A whole system's window: the application, then its HANA database, then the machines (the database's last);
    // the start in reverse. The order matters: deallocating the machines before the database stop makes the
    // service read the database as Unavailable and refuse its stop (SapDbOpsNotInExpected State).
    {
      title: "S01's whole window: application, HANA database, then its machines (snooze)",
      operation: 'erp-stop',
      inputs: {
        ...erp,
        'erp-virtual-instance': 'S01',
        'whole-system': 'true',
        'soft-stop-timeout-seconds': '300',
        'database-soft-stop-timeout-seconds': '600',
        'deallocate-vm': 'true',
      },
    },
    {
      title: 'the gate: S01 and its database Offline?',
      operation: 'erp-status',
      inputs: {
        ...common,
        'subscription-id': subscription,
        'resource-group': 'rg-erp',
        'erp-virtual-instance': 'S01',
        'whole-system': 'true',
        'expect-status': 'Offline',
      },
    },
    {
      title: 'start S01 in reverse: machines and database first, then the application',
      operation: 'erp-start',
      inputs: { ...erp, 'erp-virtual-instance': 'S01', 'whole-system': 'true', 'start-vm': 'true' },
    },
    {
      title: "S02's database is Oracle: its whole window is refused before anything is sent",
      operation: 'erp-stop',
      inputs: { ...erp, 'erp-virtual-instance': 'S02', 'whole-system': 'true' },
      fails:
        'the service stops only HANA databases: the step names the type and says whole-system: false stops the application alone',
    },
  ];
}

/** Start in one step, wait in another. */
function resumeSteps({ erp, polling }: Sets): Step[] {
  return [
    // Start in one job, wait in another: a stop with wait false, then wait-for-operation on its operation-urls.
    {
      title: 'start a stop without waiting (wait: false)',
      operation: 'erp-stop',
      inputs: { ...erp, 'erp-virtual-instance': 'X03', wait: 'false' },
    },
    {
      title: 'wait for it in a later step, from operation-urls',
      operation: 'wait-for-operation',
      inputs: (previous) => ({ ...polling, 'operation-url': previous['operation-urls'] ?? '' }),
    },
  ];
}

/** Synchronizations. */
function syncSteps({ share }: Sets): Step[] {
  return [
    {
      title: 'wait for the synchronization that started last',
      operation: 'wait-for-sync',
      inputs: { ...share, 'started-after': '2026-11-22T00:00:00Z' },
    },
    // A nightly pipeline that needs fresh data: one that succeeds, one that fails and is explained by its
    // datasets, then one left running (wait false) and cancelled by the next step.
    {
      title: 'start a full synchronization and wait for it',
      operation: 'sync-start',
      inputs: { ...share, 'synchronization-mode': 'FullSync' },
    },
    {
      title: 'a synchronization that fails',
      operation: 'sync-start',
      inputs: { ...share },
      fails: 'two of its datasets fail (a refused login, a missing path): the step names each',
    },
    { title: 'start one without waiting', operation: 'sync-start', inputs: { ...share, wait: 'false' } },
    { title: 'cancel it', operation: 'sync-cancel', inputs: { ...share } },
  ];
}

/** Cached images and app users. */
function otherSteps({ common, subscription, url }: Sets): Step[] {
  return [
    {
      title: 'are the images a deploy needs cached? (redis:7 is not)',
      operation: 'check-image-cached',
      inputs: {
        ...common,
        'subscription-id': subscription,
        location: 'westeurope',
        image: 'nginx\nmcr.microsoft.com/dotnet/runtime:8.0\nredis:7',
      },
    },
    {
      title: 'who owns the API token?',
      operation: 'app-current-user',
      inputs: { 'api-url': url, 'api-token': 'emu-user-token' },
    },
    {
      title: 'remove a leaver from an app',
      operation: 'app-remove-user',
      inputs: {
        'api-url': url,
        'api-token': 'emu-user-token',
        app: 'contoso/shop',
        'user-email': 'leaver@contoso.com',
      },
    },
  ];
}
