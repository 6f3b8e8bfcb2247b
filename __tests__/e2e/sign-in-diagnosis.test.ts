import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { startEmulator, type ServiceEmulator } from '../../src/emulator/index.js';
import { RUNNER_ISSUER } from '../../src/emulator/sign-in.js';
import { emulatorSecrets } from '../helpers/emulator.js';
import { summaryText } from '../helpers/summary-text.js';
import { expectNoSecrets, runAction, unescapeCommands, type ActionRun } from '../helpers/run-action.js';
import { runCli, CLI_SUB } from '../helpers/run-cli.js';

// One emulator for the file: each test sets the knobs it needs in beforeEach's clean state.
let emu: ServiceEmulator;
beforeAll(async () => {
  emu = await startEmulator();
});
afterAll(async () => emu.close());
beforeEach(() => {
  emu.faults.splice(0);
  emu.tokenError = undefined;
  emu.idToken = {};
  emu.clients.splice(1);
  emu.clients.push({ clientId: 'fed-client' });
});

const AUDIENCE = 'api://VendorADTokenExchange';
const BRANCH_SUBJECT = 'repo:octo-org/erp-ops:ref:refs/heads/main';

/** Every part of every token and secret the emulator knows or issued: whole, and each part of a JWT on its own. */
function everySecret(): string[] {
  const parts = [...emu.issuedOidcTokens].flatMap((token) => token.split('.').slice(1));
  return [...emulatorSecrets(emu), ...parts];
}

const imageInputs = () => ({
  operation: 'check-image-cached',
  'base-url': emu.url,
  'subscription-id': CLI_SUB,
  location: 'westeurope',
  image: 'nginx',
  'tenant-id': 'tenant-1',
  'auth-url': emu.url,
});

const runnerIdToken = () => ({
  ACTIONS_ID_TOKEN_REQUEST_URL: `${emu.url}/_oidc/token?api-version=2.0`,
  ACTIONS_ID_TOKEN_REQUEST_TOKEN: emu.oidcRequestToken,
});

/** A step of the action, scanned for every part of every secret, with the runner's escaping undone. */
async function step(inputs: Record<string, string>, env: Record<string, string> = {}): Promise<ActionRun> {
  const run = await runAction(inputs, { env });
  expectNoSecrets(run, everySecret());
  return unescapeCommands(run);
}

const federated = () => step({ ...imageInputs(), 'client-id': 'fed-client' }, runnerIdToken());

const text = summaryText;

const resourceRequests = () => emu.requestsTo(/cachedImages/).length;

describe('a federated sign-in refused says what to change, with the claims and the credential that would match', () => {
  it.each([
    [70021, "No federated credential on the app matches the runner's ID token"],
    [700211, "The federated credential's issuer is not the ID token's"],
    [700212, "The federated credential's audience is not the ID token's"],
    [700213, "No federated credential's subject equals the ID token's subject"],
    [7002138, 'subjects compare with case since 2025'],
    [70025, 'The app has no federated credential at all'],
  ])('%i: %s', async (number, cause) => {
    emu.tokenError = number;
    const before = resourceRequests();
    const run = await federated();
    expect(run.code).toBe(1);
    expect(run.errors).toHaveLength(1);
    expect(run.errors[0]).toContain('Sign-in failed at the token endpoint');
    expect(run.errors[0]).toContain(`${number}:`);
    expect(run.errors[0]).toContain(cause);
    // The annotation writes the credential out, as the summary and the log do.
    expect(run.errors[0]).toContain(
      `issuer '${RUNNER_ISSUER}', subject '${BRANCH_SUBJECT}', audience '${AUDIENCE}' (subjects compare with case)`,
    );
    const summary = text(run.summary);
    expect(summary).toContain('What to do:');
    expect(summary).toContain(`subject: ${BRANCH_SUBJECT}`);
    expect(summary).toContain(
      'job_workflow_ref: octo-org/erp-ops/.github/workflows/maintenance.yml@refs/heads/main',
    );
    expect(summary).toContain('The federated credential that would match (subjects compare with case):');
    expect(run.stdout).toContain(`  issuer: ${RUNNER_ISSUER}`);
    expect(resourceRequests()).toBe(before);
    // The token is masked whole (by the runner's toolkit), and its signature on its own.
    const [token] = [...emu.issuedOidcTokens].slice(-1);
    expect(run.masks).toEqual(expect.arrayContaining([token, token!.split('.')[2]]));
  });

  it.each([
    [700016, 'No app with this client-id is registered in the tenant', 'Check client-id and tenant-id'],
    [90002, 'The tenant was not found', 'Check tenant-id'],
    [
      700024,
      "outside its valid time when presented (the runner's ID token lives 5 minutes)",
      'The action requests a fresh ID token',
    ],
  ])('%i: %s, with the claims and no credential to register', async (number, cause, whatToDo) => {
    emu.tokenError = number;
    const run = await federated();
    expect(run.code).toBe(1);
    expect(run.errors).toHaveLength(1);
    expect(run.errors[0]).toContain(cause);
    const summary = text(run.summary);
    expect(summary).toContain(`What to do: ${whatToDo}`);
    expect(summary).toContain(`subject: ${BRANCH_SUBJECT}`);
    expect(summary).not.toContain('would match');
  });

  it('a number not in the table: the claims and the credential that would match all the same', async () => {
    const body = {
      error: 'invalid_request',
      error_description: 'XYZ99999: something new',
      error_codes: [99999],
    };
    emu.addFault({
      fault: { kind: 'status', status: 400, body: JSON.stringify(body) },
      times: 1,
      path: /\/oauth2\/v2\.0\/token$/,
    });
    const run = await federated();
    expect(run.code).toBe(1);
    expect(run.errors[0]).toContain('HTTP 400 invalid_request: XYZ99999: something new');
    expect(run.errors[0]).toContain(
      "The token endpoint refused the runner's ID token. Check client-id and tenant-id;",
    );
    expect(text(run.summary)).toContain(`subject: ${BRANCH_SUBJECT}`);
    expect(text(run.summary)).toContain('The federated credential that would match');
  });

  it.each([
    [
      "a job that names an environment: the subject to register is the environment's, not the branch's",
      { environment: 'production' },
      'repo:octo-org/erp-ops:environment:production',
      "The job names the environment 'production', so its subject is the environment's, not the branch's.",
      'environment: production',
    ],
    [
      'a pull request presents the pull_request subject, whatever its branch',
      { eventName: 'pull_request' },
      'repo:octo-org/erp-ops:pull_request',
      'A pull request presents the pull_request subject.',
      'ref: refs/pull/1/merge',
    ],
  ])('%s', async (_, idToken, subject, why, claim) => {
    emu.idToken = idToken;
    // The app has the branch's credential only.
    emu.clients[1]!.federated = [{ issuer: RUNNER_ISSUER, subject: BRANCH_SUBJECT, audience: AUDIENCE }];
    const run = await federated();
    expect(run.code).toBe(1);
    expect(run.errors[0]).toContain('700213:');
    expect(run.errors[0]).toContain(why);
    expect(run.errors[0]).toContain(`subject '${subject}'`);
    const summary = text(run.summary);
    expect(summary).toContain(claim);
    expect(summary).toContain(`subject: ${subject}`);
  });

  it("a subject registered with other case is refused, and the token's exact case is shown", async () => {
    emu.clients[1]!.federated = [
      { issuer: RUNNER_ISSUER, subject: 'repo:Octo-Org/erp-ops:ref:refs/heads/main', audience: AUDIENCE },
    ];
    const run = await federated();
    expect(run.code).toBe(1);
    expect(run.errors[0]).toContain('7002138:');
    expect(run.errors[0]).toContain(`with the token's exact case: '${BRANCH_SUBJECT}'`);
  });

  it('the credential written out is the one that matches: registered, the same step signs in', async () => {
    emu.idToken = { environment: 'production' };
    emu.cachedImages.setImages('westeurope', [{ image: 'nginx', osType: 'Linux' }]);
    emu.clients[1]!.federated = [{ issuer: RUNNER_ISSUER, subject: BRANCH_SUBJECT, audience: AUDIENCE }];
    const refused = await federated();
    expect(refused.code).toBe(1);
    const subject = /subject: (repo:\S+)/.exec(text(refused.summary))?.[1];
    expect(subject).toBe('repo:octo-org/erp-ops:environment:production');
    emu.clients[1]!.federated!.push({ issuer: RUNNER_ISSUER, subject: subject!, audience: AUDIENCE });
    const run = await federated();
    expect(run.code).toBe(0);
    expect(run.outputs.cached).toBe('true');
  });
});

describe("GitHub's immutable subject form is shown as the token carries it (issue 43)", () => {
  const IMMUTABLE = 'repo:octo-org@1234567/erp-ops@89012345:ref:refs/heads/main';

  it.each([70021, 700211, 700212, 700213, 7002138, 70025, 700016, 90002, 700024])(
    '%i: the subject whole in the annotation, the summary and the log',
    async (number) => {
      emu.idToken = { subjectForm: 'immutable' };
      emu.tokenError = number;
      const run = await federated();
      expect(run.code).toBe(1);
      const summary = text(run.summary);
      expect(summary).toContain(`subject: ${IMMUTABLE}`);
      expect(run.stdout).toContain(`subject: ${IMMUTABLE}`);
      // No masking rule takes `octo-org@` for a user name, anywhere the step speaks.
      for (const said of [summary, run.stdout, ...run.errors]) expect(said).not.toContain('…@');
      if (![700016, 90002, 700024].includes(number)) {
        expect(run.errors[0]).toContain(`subject '${IMMUTABLE}'`);
        expect(summary).toContain(`subject '${IMMUTABLE}'`);
      }
    },
  );

  it('registered as the advice says, the same step signs in', async () => {
    emu.idToken = { subjectForm: 'immutable' };
    emu.cachedImages.setImages('westeurope', [{ image: 'nginx', osType: 'Linux' }]);
    emu.clients[1]!.federated = [{ issuer: RUNNER_ISSUER, subject: BRANCH_SUBJECT, audience: AUDIENCE }];
    const refused = await federated();
    expect(refused.errors[0]).toContain('700213:');
    const subject = /subject '(repo:[^']+)'/.exec(refused.errors[0]!)?.[1];
    expect(subject).toBe(IMMUTABLE);
    emu.clients[1]!.federated!.push({ issuer: RUNNER_ISSUER, subject: subject!, audience: AUDIENCE });
    expect((await federated()).code).toBe(0);
  });

  it("7002138 where the subject equals the credential's: delete the credential and create it again", async () => {
    emu.tokenError = 7002138;
    const run = await federated();
    expect(run.errors[0]).toContain('delete the federated credential and create it again');
    expect(text(run.summary)).toContain('delete the federated credential and create it again');
  });
});

describe('no ID token offered', () => {
  it.each([
    ['no id-token variables', {}],
    ['a request URL without its token', { ACTIONS_ID_TOKEN_REQUEST_URL: 'http://127.0.0.1:9/_oidc/token' }],
  ])(
    '%s: fails before any request, saying what to add and that fork pull requests get none',
    async (_, env) => {
      const before = emu.requests.length;
      const run = await step({ ...imageInputs(), 'client-id': 'fed-client' }, env);
      expect(run.code).toBe(1);
      expect(run.errors).toHaveLength(1);
      expect(run.errors[0]).toContain(
        "Input 'client-secret': is not set and the runner offers no OIDC token",
      );
      expect(run.errors[0]).toContain("add 'permissions: id-token: write' to the job");
      expect(run.errors[0]).toContain('pull requests from forks get no ID token');
      expect(text(run.summary)).toContain("What to do: For federation add 'permissions: id-token: write'");
      expect(emu.requests.length).toBe(before);
    },
  );
});

describe('a client-secret sign-in refused says which of its inputs is wrong', () => {
  it.each([
    [7000215, 'The client secret is invalid', "Set client-secret to the secret's value, not its id"],
    [700016, 'No app with this client-id is registered in the tenant', 'Check client-id and tenant-id'],
    [90002, 'The tenant was not found', 'Check tenant-id'],
  ])('%i: %s', async (number, cause, whatToDo) => {
    emu.tokenError = number;
    const run = await step({
      ...imageInputs(),
      'client-id': 'emu-client',
      'client-secret': 'emu-client-secret',
    });
    expect(run.code).toBe(1);
    expect(run.errors).toHaveLength(1);
    expect(run.errors[0]).toContain(`${cause}. ${whatToDo}`);
    expect(text(run.summary)).toContain(`What to do: ${whatToDo}`);
    expect(text(run.summary)).not.toContain('claims');
  });

  it('on the command line too: the cause in the error, what to change in the advice, no secret', async () => {
    emu.tokenError = 7000215;
    const inputs = { ...imageInputs(), 'client-id': 'emu-client', 'client-secret': 'emu-client-secret' };
    const { operation, ...flags } = inputs;
    const cli = await runCli([operation, ...Object.entries(flags).flatMap(([k, v]) => [`--${k}`, v])]);
    expect(cli.code).toBe(1);
    expect(cli.stderr).toContain('The client secret is invalid');
    expect(cli.stderr).toContain("advice: Set --client-secret to the secret's value, not its id");
    expectNoSecrets({ everything: cli.stdout + cli.stderr }, everySecret());
  });
});
