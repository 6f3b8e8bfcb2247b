// Jest's global setup and teardown for the faults suite (plain JS: Jest loads these outside its transform).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A fresh directory per run; workers inherit the variable, each test file leaves its counts there. */
export function setup() {
  process.env.VENDOR_OPS_TALLY_DIR = mkdtempSync(join(tmpdir(), 'vendor-ops-tally-'));
}

/** Prints the suite's table where any faults-suite file ran; written to stdout, which Jest does not swallow here. */
export function teardown() {
  const dir = process.env.VENDOR_OPS_TALLY_DIR;
  if (!dir) return;
  const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
  const total = {};
  for (const file of files) {
    for (const [key, value] of Object.entries(JSON.parse(readFileSync(join(dir, file), 'utf8')))) {
      total[key] = (total[key] ?? 0) + value;
    }
  }
  rmSync(dir, { recursive: true, force: true });
  if (files.length === 0) return;
  const t = (key) => total[key] ?? 0;
  const rows = [
    [
      'faults',
      `${t('faultsTried')} tried`,
      `${t('faultsSurvived')} survived`,
      t('faultsTried') === t('faultsSurvived'),
    ],
    [
      'hostile inputs',
      `${t('inputsTried')} tried`,
      `${t('inputsRefused')} refused cleanly, ${t('inputsEncoded')} accepted and encoded`,
      t('inputsTried') === t('inputsRefused') + t('inputsEncoded'),
    ],
    [
      'secret scans',
      `${t('secretScans')} scans`,
      `${t('secretLeaks')} leaks`,
      t('secretLeaks') === 0 && t('secretScans') > 0,
    ],
    ['second origin', 'credential headers received', `${t('credentialLeaks')}`, t('credentialLeaks') === 0],
  ];
  const lines = [
    '',
    `Reliability suite (${files.length} files)`,
    '| check | tried | outcome | pass |',
    '|---|---|---|---|',
    ...rows.map(
      ([what, tried, outcome, pass]) => `| ${what} | ${tried} | ${outcome} | ${pass ? 'yes' : 'NO'} |`,
    ),
    '',
  ];
  process.stdout.write(lines.join('\n') + '\n');
}
