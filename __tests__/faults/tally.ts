import { afterAll } from '@jest/globals';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';

/**
 * What one file of the faults suite tried and how it went. A case counts as survived (or refused, or encoded)
 * only after all its assertions passed, so a failing case shows as a gap in the table as well as a red test.
 */
export interface Counts {
  faultsTried: number;
  faultsSurvived: number;
  inputsTried: number;
  inputsRefused: number;
  inputsEncoded: number;
  secretScans: number;
  secretLeaks: number;
  /** Requests that reached the emulator's second origin carrying a credential. */
  credentialLeaks: number;
}

export const counts: Counts = {
  faultsTried: 0,
  faultsSurvived: 0,
  inputsTried: 0,
  inputsRefused: 0,
  inputsEncoded: 0,
  secretScans: 0,
  secretLeaks: 0,
  credentialLeaks: 0,
};

/** Runs one fault case and counts it: tried on entry, survived only when `work` passed. */
export async function faultCase(work: () => Promise<void>): Promise<void> {
  counts.faultsTried++;
  await work();
  counts.faultsSurvived++;
}

/** The directory the suite's global setup made; the table printer reads every file's counts from it. */
export function tallyDir(): string {
  return process.env.VENDOR_OPS_TALLY_DIR ?? join(tmpdir(), 'vendor-ops-tally');
}

/** Each test file writes its counts when it ends. */
export function writeCountsAfterAll(file: string): void {
  afterAll(() => {
    const dir = tallyDir();
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${basename(file)}.json`), JSON.stringify(counts));
  });
}
