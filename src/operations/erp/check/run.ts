import { InputError } from '../../../client/errors.js';
import type { HttpClient } from '../../../client/http.js';
import type { OperationContext } from '../../types.js';
import type { ErpStatusOptions } from '../erp-status-options.js';
import { idOf, resolveInstances, type InstanceRef } from '../instance-ref.js';
import { mapLimited } from '../../pool.js';
import { refuseWindowInputs } from '../parts/preflight.js';
import { AccessReads, callerChecks, why } from './access.js';
import { readSystemFacts } from './facts.js';
import { checksFor, finding, type CheckWindow, type Finding } from './findings.js';
import { identityChecks } from './identity.js';

/** One system's checks, as the `checks` output and the result file carry them. */
export interface SystemCheck {
  id: string;
  name: string;
  /** No finding of level refuse. */
  ready: boolean;
  findings: Finding[];
}

/** erp-check's options: where the systems are, as erp-status reads them, and the window checked for. */
export interface CheckOptions
  extends Omit<CheckWindow, 'for'>, Omit<ErpStatusOptions, 'expectStatus' | 'wholeSystem'> {
  for: CheckWindow['for'];
}

/** The window's inputs that cannot go together, refused before any request. */
export function refuseCheckInputs(options: CheckOptions): void {
  refuseWindowInputs({ ...options, wait: true });
  for (const [input, on] of [
    ['deallocate-vm', options.deallocateVm],
    ['start-vm', options.startVm],
  ] as const) {
    if (on && options.for === 'restart') {
      throw new InputError(input, 'is not read with for: restart (a restart moves no machine); remove it');
    }
  }
}

/** Every system checked for the window, at most max-parallel at once, in input order. */
export async function checkSystems(
  options: CheckOptions,
  client: HttpClient,
  ctx: OperationContext,
): Promise<SystemCheck[]> {
  refuseCheckInputs(options);
  const refs = resolveInstances(options.erpVirtualInstances, options);
  const reads = new AccessReads(client, options.baseUrl, ctx.signal);
  return mapLimited(refs, options.maxParallel, async (ref) => {
    const findings = await checkOne(ref, options, { client, reads, signal: ctx.signal });
    const ready = !findings.some((f) => f.level === 'refuse');
    const codes = findings.map((f) => f.code).join(', ');
    ctx.logger.info(`${ref.label}: ${ready ? 'ready' : 'refused'}${codes ? ` (${codes})` : ''}`);
    for (const f of findings) ctx.logger.info(`  ${f.level} ${f.code}: ${f.text}`);
    return { id: idOf(ref), name: ref.label, ready, findings };
  });
}

async function checkOne(
  ref: InstanceRef,
  options: CheckOptions,
  io: { client: HttpClient; reads: AccessReads; signal?: AbortSignal },
): Promise<Finding[]> {
  const caller = callerChecks(ref, options, io.reads);
  try {
    const facts = await readSystemFacts(io.client, { ...options, ref, signal: io.signal });
    return [
      ...checksFor(facts, options),
      ...(await caller),
      ...(await identityChecks(facts, ref, options, io.reads)),
    ];
  } catch (error) {
    const unread = finding(
      'could-not-check',
      'system',
      `${ref.label}: its read (or its instances' lists) failed, so no check of the system could be made: ${why(error)}.`,
    );
    return [unread, ...(await caller)];
  }
}
