import type { HttpClient } from '../../../client/http.js';
import { defineOperation, optional, withDefault, type InputUse } from '../../module.js';
import type { OperationContext, OperationResult, RowMark } from '../../types.js';
import { bySelection, SELECTION_INPUTS } from '../erp-list/select.js';
import { whereContext } from '../instance-ref.js';
import { ERP_API_VERSION } from '../vocabulary.js';
import { checkFailOn } from '../../erp-parsers.js';
import { checkResultFile } from './result-file.js';
import type { CheckOptions, SystemCheck } from './run.js';
import { erpCode } from '../load.js';

type FailOn = 'refuse' | 'unknown' | 'none';

const CHECK_INPUTS = {
  apiVersion: withDefault('api-version', ERP_API_VERSION),
  maxParallel: withDefault('max-parallel'),
  for: withDefault('for'),
  softStopTimeoutSeconds: withDefault('soft-stop-timeout-seconds'),
  deallocateVm: withDefault('deallocate-vm'),
  startVm: withDefault('start-vm'),
  wholeSystem: withDefault('whole-system'),
  databaseSoftStopTimeoutSeconds: optional('database-soft-stop-timeout-seconds'),
  // fail-on is erp-report's too, in its own words (any, none): erp-check reads it as refuse, unknown or none.
  failOn: { ...withDefault('fail-on', 'refuse'), parse: checkFailOn } as InputUse<FailOn, 'default'>,
};

/**
 * erp-check: reads each system, its parts and what the caller and the system's identity may do, and changes
 * nothing; each finding a fixed code and level (contract: "Before the window: checks that refuse by name").
 */
export default defineOperation({
  name: 'erp-check',
  resultFile: checkResultFile,
  description:
    'Checks each erp virtual instance for a stop, start or restart window before it runs, and changes nothing: each finding a fixed code, a level (refuse, warn, unknown) and what to do.',
  client: 'resource-manager',
  inputs: { ...CHECK_INPUTS, ...SELECTION_INPUTS },
  outputs: ['count', 'refused', 'checks'],
  example:
    '--base-url https://management.example --access-token "$TOKEN" --subscription-id SUB --resource-group rg-erp --erp-virtual-instance X01,X02 --for stop --deallocate-vm true',
  view: {
    ownTables: true,
    title: ({ outputs }) => {
      const checks = outputs.checks as SystemCheck[] | undefined;
      if (!checks) return undefined;
      const refused = checks.filter((c) => !c.ready).length;
      const unknown = checks.filter((c) => c.ready && c.findings.some((f) => f.level === 'unknown')).length;
      if (refused > 0) return `${refused} of ${checks.length} refused`;
      return unknown > 0 ? `${unknown} of ${checks.length} not fully checked` : 'all ready';
    },
    whatToDo: {
      other:
        "Each refused system's findings say what to fix: fix it, or leave it out of the window; a could-not-check finding names the read that was refused. fail-on: none reports without failing.",
    },
  },
  run: bySelection('erp-check', erpCheck, erpCode),
});

export async function erpCheck(
  options: CheckOptions & { failOn: FailOn },
  client: HttpClient,
  ctx: OperationContext,
): Promise<OperationResult> {
  const { checkSystems } = await erpCode();
  const checked = await checkSystems(options, client, ctx);
  const unknown = (c: SystemCheck) => c.findings.some((f) => f.level === 'unknown');
  // The refused first, then those not fully checked, each group in input order.
  const checks = [...checked.filter((c) => !c.ready), ...checked.filter((c) => c.ready && unknown(c))].concat(
    checked.filter((c) => c.ready && !unknown(c)),
  );
  const refused = checks.filter((c) => !c.ready);
  const failing =
    options.failOn === 'none'
      ? []
      : options.failOn === 'unknown'
        ? checks.filter((c) => !c.ready || unknown(c))
        : refused;
  const named = failing
    .slice(0, 10)
    .map(
      (c) =>
        `${c.name} (${[...new Set(c.findings.filter((f) => f.level !== 'warn').map((f) => f.code))].join(', ')})`,
    );
  const failure =
    failing.length === 0
      ? undefined
      : `${failing.length} of ${checks.length} systems ${options.failOn === 'unknown' ? 'refused or not fully checked' : 'refused'} for ${options.for}: ${named.join('; ')}${failing.length > 10 ? `; and ${failing.length - 10} more` : ''}.`;
  return {
    outputs: { count: checks.length, refused: refused.length, checks },
    summary: [
      {
        title: `erp-check for ${options.for}`,
        context: whereContext(resolvedWhere(checks)),
        header: ['erp virtual instance', 'findings'],
        rows: checks.map((c) => [
          c.name,
          c.findings.map((f) => `${f.level} \`${f.code}\`: ${f.text}`).join('\n') || 'no finding',
        ]),
        marks: checks.map(markOf),
      },
    ],
    failure,
    failureKind: failure ? 'other' : undefined,
  };
}

function markOf(check: SystemCheck): RowMark {
  if (!check.ready) return { outcome: 'failed', word: 'refused' };
  if (check.findings.some((f) => f.level === 'unknown'))
    return { outcome: 'skipped', word: 'not fully checked' };
  return { outcome: 'succeeded', word: 'ready' };
}

/** Where the systems live, from their ids, for the summary's context. */
function resolvedWhere(checks: SystemCheck[]) {
  return checks.map((c) => {
    const [, , subscriptionId = '', , resourceGroup = ''] = c.id.split('/');
    return { ref: { subscriptionId, resourceGroup, name: c.name, label: c.name } };
  });
}
