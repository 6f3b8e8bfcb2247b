/**
 * The cases of the CI workflow's `test-action` job, in one place for GitHub and for `npm test`. Each case is the
 * inputs of one step and what its outputs must be (scripts/test-action/cases.ts); adding an operation is one more
 * entry in CASES there.
 *
 *   node scripts/test-action.ts run <emulator-url>           every case, each run as a runner runs the action (the
 *                                                           `action.yml` main with INPUT_* variables and a
 *                                                           GITHUB_OUTPUT file), then checked; exit 1 on any miss
 *   node scripts/test-action.ts list                         the case names, a JSON array (the job's matrix)
 *   node scripts/test-action.ts inputs <case> <emulator-url> the case's inputs as GITHUB_OUTPUT records, which the
 *                                                           workflow hands to `uses: ./`
 *   node scripts/test-action.ts check <case>                 checks $OUTPUTS (`toJSON(steps.<id>.outputs)`) and
 *                                                           $OUTCOME (`steps.<id>.outcome`) as `run` does
 *
 * The emulator is `node dist/cli.mjs emulator --scenario scenarios/demo.json`; the expected values are that
 * scenario's. Plain Node 24 runs this file as it is (type stripping): the workflow job installs nothing.
 */
import { fileURLToPath } from 'node:url';
import { CASES, type Inputs } from './test-action/cases.ts';
import { runAction } from './test-action/run-action.ts';

export { runAction };

/** What is wrong with one step's result; empty when it is what the case expects. */
export function check(name: string, outcome: string, outputs: Record<string, string>): string[] {
  const testCase = CASES[name];
  if (!testCase) return [`no case named '${name}'`];
  const problems: string[] = [];
  const wanted = testCase.outcome ?? 'success';
  if (outcome !== wanted) problems.push(`the step's outcome is '${outcome}', expected '${wanted}'`);
  for (const [output, expect] of Object.entries(testCase.outputs)) {
    const value = outputs[output];
    const wrong =
      typeof expect === 'string'
        ? value === expect
          ? undefined
          : `is not '${expect}'`
        : expect instanceof RegExp
          ? value !== undefined && expect.test(value)
            ? undefined
            : `does not match ${expect}`
          : expect(value);
    if (wrong)
      problems.push(`output '${output}' ${wrong} (got ${value === undefined ? 'nothing' : `'${value}'`})`);
  }
  return problems;
}

/** GITHUB_OUTPUT records for the inputs: a heredoc each, so a list on several lines arrives whole. */
function outputRecords(inputs: Inputs): string {
  return Object.entries(inputs)
    .map(([name, value]) => `${name}<<INPUT_EOF\n${value}\nINPUT_EOF\n`)
    .join('');
}

async function main(argv: string[]): Promise<number> {
  const [command, name, url] = argv;
  if (command === 'list') {
    console.log(JSON.stringify(Object.keys(CASES)));
    return 0;
  }
  if (command === 'inputs' && name && url && CASES[name]) {
    process.stdout.write(outputRecords(await CASES[name].inputs(url)));
    return 0;
  }
  if (command === 'check' && name) {
    const problems = check(name, process.env.OUTCOME ?? '', JSON.parse(process.env.OUTPUTS ?? '{}'));
    return report(name, problems);
  }
  if (command === 'run' && name) {
    // The cases run at once (most wait on the emulator's polls), as the workflow's matrix runs them; the reports
    // come in the order of CASES.
    const results = new Map<string, Promise<{ problems: string[]; errors: string[] }>>();
    for (const [caseName, testCase] of Object.entries(CASES)) {
      const before = testCase.after ? results.get(testCase.after) : undefined;
      results.set(caseName, runCase(caseName, name, before));
    }
    let failed = 0;
    for (const [caseName, result] of results) {
      const { problems, errors } = await result;
      failed += report(caseName, problems);
      // The annotations say why a step failed; on stderr, since `inputs` writes GITHUB_OUTPUT records to stdout.
      for (const line of errors) console.error(`     ${line}`);
    }
    console.log(`${Object.keys(CASES).length - failed} of ${Object.keys(CASES).length} cases as expected`);
    return failed ? 1 : 0;
  }
  console.error(
    'usage: test-action.ts run URL | list | inputs CASE URL | check CASE (with OUTPUTS, OUTCOME)',
  );
  return 2;
}

/** One case run and checked, after `before` has ended; a case that cannot run is a problem of its own. */
async function runCase(
  caseName: string,
  url: string,
  before: Promise<unknown> | undefined,
): Promise<{ problems: string[]; errors: string[] }> {
  try {
    await before;
    const step = await runAction(await CASES[caseName]!.inputs(url));
    return { problems: check(caseName, step.outcome, step.outputs), errors: step.errors };
  } catch (error) {
    return { problems: [`the case could not run: ${(error as Error).message}`], errors: [] };
  }
}

function report(name: string, problems: string[]): number {
  console.log(`${problems.length ? 'FAIL' : 'ok  '} ${name}`);
  for (const problem of problems) console.log(`     ${problem}`);
  return problems.length ? 1 : 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = await main(process.argv.slice(2));
