/**
 * `npm run summaries`: the job summaries of a fixed set of cases (scripts/summaries/cases.ts), rendered as GitHub
 * renders a job summary (GitHub-flavoured Markdown, raw HTML, Mermaid) to tmp/summaries/<case>.html and, where a
 * Chromium is installed, photographed to docs/summaries/<case>.png. Look at every summary you change with it.
 *
 *   npm run summaries                 every case
 *   npm run summaries -- timeout      only the cases named
 *   CHROMIUM=/path/to/chrome npm run summaries   another browser (default /usr/bin/chromium)
 */
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { startEmulator } from '../src/emulator/index.js';
import { CASES, type Case } from './summaries/cases.js';
import { summaryPage } from './summaries/page.js';
import { runAction } from './test-action.js';

const ROOT = new URL('../', import.meta.url).pathname;
const HTML_DIR = join(ROOT, 'tmp/summaries');
const PNG_DIR = join(ROOT, 'docs/summaries');
const MERMAID = join(ROOT, 'node_modules/mermaid/dist/mermaid.min.js');
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';

async function summaryOf(c: Case): Promise<string> {
  const emulator = await startEmulator(c.scenario ?? {});
  try {
    const { summary } = await runAction(c.inputs(emulator.url));
    // Ports vary from run to run; a picture should not.
    return summary.replaceAll(emulator.url, 'https://management.example');
  } finally {
    await emulator.close();
  }
}

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const cases = CASES.filter((c) => only.length === 0 || only.includes(c.name));
  await mkdir(HTML_DIR, { recursive: true });
  const pages: { name: string; file: string }[] = [];
  for (const c of cases) {
    const markdown = await summaryOf(c);
    const file = join(HTML_DIR, `${c.name}.html`);
    await writeFile(join(HTML_DIR, `${c.name}.md`), markdown);
    await writeFile(
      file,
      summaryPage(markdown, { title: c.title, mermaidScript: relative(HTML_DIR, MERMAID) }),
    );
    pages.push({ name: c.name, file });
    console.log(`${relative(ROOT, file)}  (${Buffer.byteLength(markdown)} bytes of summary)`);
  }
  if (!existsSync(CHROMIUM)) {
    console.log(`No Chromium at ${CHROMIUM}: HTML only (apt-get install chromium, or set CHROMIUM).`);
    return;
  }
  const { photograph } = await import('./summaries/photograph.js');
  await mkdir(PNG_DIR, { recursive: true });
  for (const png of await photograph(CHROMIUM, pages, PNG_DIR)) console.log(relative(ROOT, png));
}

await main();
