import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import {
  FIXED_START_MS,
  fromFixedStart,
  hashOf,
  stableText,
  toDraw,
} from '../../../../scripts/summaries/stable.js';

const ROOT = new URL('../../../../', import.meta.url).pathname;

/** One summary as two runs of the same case wrote it: timings, start and the operation's id differ. */
const run = (took: string, start: number, id: string, bar: string) => `<h2>❌ erp-stop: failed (1 of 2)</h2>
<tr><td>✅&nbsp;stopped</td><td><strong>X01</strong></td><td>stop (soft 300 s): Succeeded</td><td>${took}&nbsp;s</td></tr>
<ul><li><code>https://management.example/subscriptions/00000000-0000-4000-8000-000000000001/operationStatuses/${id}?api-version=2021-12-01-preview</code></li></ul>

\`\`\`mermaid
gantt
    dateFormat x
    tickInterval ${bar === '2s' ? 1 : 5}second
    section X01
    stop :done, b0, ${start}, ${bar}
    section X08
    stop (stopping) :active, b1, ${start + 1000}, 3s
\`\`\`
`;
const first = run('2.0', 1795883234000, '8cedb700-3105-4eb7-99f7-d11679ab4551', '2s');
const second = run('2.1', 1795883299000, '4cb7a36b-3a8b-4810-8254-8d8d9c023de8', '3s');

describe('npm run summaries draws a picture again only when its summary says something else', () => {
  it('two runs of one case compare equal: timings, start and random ids aside', () => {
    expect(first).not.toBe(second);
    expect(hashOf(first)).toBe(hashOf(second));
  });

  it('what the summary says is compared: a word, a mark, an input or the fixed subscription', () => {
    for (const [from, to] of [
      ['✅&nbsp;stopped', '❌&nbsp;failed'],
      ['soft 300 s', 'soft 600 s'],
      ['X08', 'X09'],
      ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002'],
      ['stop (stopping) :active', 'stop (stopping) :crit'],
    ]) {
      expect({ to, same: hashOf(first.replace(from!, to!)) === hashOf(first) }).toEqual({ to, same: false });
    }
  });

  it('the timeline starts at one fixed instant, its bars kept one to another', () => {
    const moved = fromFixedStart(first);
    expect(moved).toContain(`stop :done, b0, ${FIXED_START_MS}, 2s`);
    expect(moved).toContain(`stop (stopping) :active, b1, ${FIXED_START_MS + 1000}, 3s`);
    expect(fromFixedStart(second)).toContain(`b0, ${FIXED_START_MS}, 3s`);
    expect(stableText(first)).not.toMatch(/\d{13}/);
  });

  it('draws a case without a picture, or whose summary changed; not one unchanged', () => {
    const drawn = { same: hashOf(first), changed: hashOf(first) };
    expect(
      toDraw(
        [
          { name: 'same', markdown: second, hasPicture: true },
          { name: 'changed', markdown: first.replace('X08', 'X09'), hasPicture: true },
          { name: 'new', markdown: first, hasPicture: false },
          { name: 'lost', markdown: first, hasPicture: false },
        ],
        { ...drawn, lost: hashOf(first) },
      ),
    ).toEqual(['changed', 'new', 'lost']);
  });

  it('every committed picture has the hash it was drawn from, so a fresh clone draws none again', () => {
    const dir = join(ROOT, 'docs/summaries');
    const drawn = JSON.parse(readFileSync(join(dir, 'drawn.json'), 'utf8')) as Record<string, string>;
    const pictures = readdirSync(dir)
      .filter((f) => f.endsWith('.png'))
      .map((f) => f.replace(/\.png$/, ''));
    expect(pictures.filter((name) => !drawn[name])).toEqual([]);
    expect(Object.keys(drawn).filter((name) => !existsSync(join(dir, `${name}.png`)))).toEqual([]);
  });
});
