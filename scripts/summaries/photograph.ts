/** Photographs summary pages with a headless Chromium (playwright-core drives the one installed; none is fetched). */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

/** Quiet and offline: no update checks, no sync, no QUIC, a profile of its own thrown away after. */
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function photograph(
  executablePath: string,
  pages: { name: string; file: string }[],
  dir: string,
): Promise<string[]> {
  const profile = await mkdtemp(join(tmpdir(), 'vendor-ops-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    args: FLAGS,
    viewport: { width: 1060, height: 400 },
    deviceScaleFactor: 1,
  });
  const written: string[] = [];
  try {
    const page = await context.newPage();
    for (const { name, file } of pages) {
      await page.goto(`file://${file}`);
      // Mermaid draws after the page has loaded; the page says when it is done.
      await page.waitForFunction('document.body.dataset.drawn !== undefined', undefined, { timeout: 20_000 });
      const drawn = await page.evaluate<string>('document.body.dataset.drawn');
      if (drawn !== 'yes') throw new Error(`${name}: Mermaid could not draw the timeline (${drawn})`);
      // Folded details are opened for the picture, so it shows what a reader sees on a click.
      await page.evaluate("document.querySelectorAll('details').forEach((d) => (d.open = true))");
      const png = join(dir, `${name}.png`);
      await page.locator('.job').screenshot({ path: png });
      written.push(png);
    }
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
  return written;
}
