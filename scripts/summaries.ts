/**
 * `npm run summaries`: the job summaries of a fixed set of cases (scripts/summaries/cases.ts), rendered as GitHub
 * renders a job summary (GitHub-flavoured Markdown, raw HTML, Mermaid) to tmp/summaries/<case>.html and, where a
 * Chromium is installed, photographed to docs/summaries/<case>.png. Look at every summary you change with it.
 * A picture is drawn again only where its summary says something else than when it was last drawn (timings and
 * random ids aside: scripts/summaries/stable.ts), so a clean tree stays clean; SUMMARIES_REDRAW=1 draws every one.
 *
 *   npm run summaries                 every case
 *   npm run summaries -- timeout      only the cases named
 *   CHROMIUM=/path/to/chrome npm run summaries   another browser (default /usr/bin/chromium)
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { startEmulator } from '../src/emulator/index.js';
import { CASES, type Case } from './summaries/cases.js';
import { summaryPage } from './summaries/page.js';
import { fromFixedStart, hashOf, toDraw } from './summaries/stable.js';
import { runAction } from './test-action.js';

const ROOT = new URL('../', import.meta.url).pathname;
const HTML_DIR = join(ROOT, 'tmp/summaries');
const PNG_DIR = join(ROOT, 'docs/summaries');
const DRAWN = join(PNG_DIR, 'drawn.json');
const MERMAID = join(ROOT, 'node_modules/mermaid/dist/mermaid.min.js');
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';

async function summaryOf(c: Case): Promise<string> {
  const emulator = await startEmulator(c.scenario ?? {});
  try {
    const { summary } = await runAction(c.inputs(emulator.url));
    // Ports and start times vary from run to run; a picture should not.
    return fromFixedStart(summary.replaceAll(emulator.url, 'https://management.example'));
  } finally {
    await emulator.close();
  }
}

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const cases = CASES.filter((c) => only.length === 0 || only.includes(c.name));
  await mkdir(HTML_DIR, { recursive: true });
  const pages: { name: string; file: string; markdown: string }[] = [];
  for (const c of cases) {
    const markdown = await summaryOf(c);
    const file = join(HTML_DIR, `${c.name}.html`);
    await writeFile(join(HTML_DIR, `${c.name}.md`), markdown);
    await writeFile(
      file,
      summaryPage(markdown, { title: c.title, mermaidScript: relative(HTML_DIR, MERMAID) }),
    );
    pages.push({ name: c.name, file, markdown });
    console.log(`${relative(ROOT, file)}  (${Buffer.byteLength(markdown)} bytes of summary)`);
  }
  const drawn = JSON.parse(await readFile(DRAWN, 'utf8').catch(() => '{}')) as Record<string, string>;
  const changed = process.env.SUMMARIES_REDRAW
    ? pages.map((p) => p.name)
    : toDraw(
        pages.map((p) => ({ ...p, hasPicture: existsSync(join(PNG_DIR, `${p.name}.png`)) })),
        drawn,
      );
  const unchanged = pages.filter((p) => !changed.includes(p.name)).map((p) => p.name);
  if (unchanged.length) console.log(`unchanged, not drawn again: ${unchanged.join(', ')}`);
  if (changed.length === 0) return;
  if (!existsSync(CHROMIUM)) {
    console.log(`No Chromium at ${CHROMIUM}: HTML only (apt-get install chromium, or set CHROMIUM).`);
    return;
  }
  const { photograph } = await import('./summaries/photograph.js');
  await mkdir(PNG_DIR, { recursive: true });
  const toPhotograph = pages.filter((p) => changed.includes(p.name));
  for (const png of await photograph(CHROMIUM, toPhotograph, PNG_DIR)) console.log(relative(ROOT, png));
  for (const p of toPhotograph) drawn[p.name] = hashOf(p.markdown);
  const sorted = Object.fromEntries(Object.entries(drawn).sort(([a], [b]) => a.localeCompare(b)));
  await writeFile(DRAWN, `${JSON.stringify(sorted, null, 2)}\n`);
}

await main();
