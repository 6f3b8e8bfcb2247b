import { describe, expect, it } from '@jest/globals';
import { summaryPage } from '../../../../scripts/summaries/page.js';
import { renderSummary } from '../../../../src/action/summary/render.js';
import { viewOfResult } from '../../../../src/runtime/view/view.js';
import { formatDuration } from '../../../../src/operations/format.js';
import type { OperationResult } from '../../../../src/operations/types.js';

const SUB = '00000000-0000-4000-8000-000000000001';

/** A whole-system window of three systems, as `instances[].steps` gives it (contract: whole-system), written out. */
function windowSummary(): string {
  const step = (
    name: string,
    target: string,
    seconds: number,
    outcome = 'stopped',
    before = 'Running',
    after = 'Offline',
  ) => ({ step: name, target, before, after, outcome, seconds });
  const system = (name: string, db: string, times: number[]) => ({
    name,
    before: 'Running',
    after: 'Offline',
    health: 'Unknown',
    outcome: 'stopped',
    steps: [
      step('application stop', name, times[0]!),
      step('database stop', db, times[1]!),
      step('application machines', name, times[2]!, 'stopped', 'Offline', 'Offline'),
      step('database machines', db, times[3]!, 'stopped', 'Offline', 'Offline'),
    ],
  });
  const instances = [
    system('PR1', 'HDB-PR1', [312, 540, 95, 120]),
    system('QA1', 'HDB-QA1', [188, 301, 80, 97]),
    system('DV1', 'HDB-DV1', [96, 240, 71, 88]),
  ];
  const total = (i: (typeof instances)[number]) => i.steps.reduce((s, x) => s + x.seconds, 0);
  const result: OperationResult = {
    outputs: { instances, 'operation-status': 'Succeeded', 'operation-urls': [] },
    summary: [
      {
        title: 'erp-stop',
        context: [
          ['subscription', SUB],
          ['resource group', 'rg-erp'],
        ],
        header: ['erp virtual instance', 'status before', 'what was done', 'status after', 'duration'],
        rows: instances.map((i) => [
          i.name,
          'Running',
          'whole system stopped, machines deallocated',
          'Offline',
          formatDuration(total(i) * 1000),
        ]),
      },
    ],
  };
  return renderSummary(viewOfResult('erp-stop', result), Date.UTC(2026, 10, 22, 3, 0, 0));
}

/**
 * The summary as GitHub renders it (GitHub-flavoured Markdown with raw HTML, `npm run summaries`' page): every
 * part reaches the page as HTML, none as Markdown syntax shown as text, and the timeline as a Mermaid block.
 */
const visible = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>|<pre class="mermaid">[\s\S]*?<\/pre>/g, '')
    .replace(/<[^>]+>/g, '');

describe('the summary as GitHub renders it', () => {
  const page = (markdown: string) => summaryPage(markdown, { title: 't', mermaidScript: 'mermaid.js' });

  it('the whole window: a heading, a table of rows, the timeline as a Mermaid block, no Markdown shown as text', () => {
    const html = page(windowSummary());
    expect(html).toMatch(/<h2>✅ erp-stop: 3 stopped<\/h2>/);
    expect(html.match(/<tr>/g)!.length).toBe(1 + 3 * 5);
    expect(html).toMatch(/<pre class="mermaid">gantt\n/);
    expect(visible(html)).not.toMatch(/`|\*\*|```|&lt;(td|tr|p)/);
  });

  it('a timeout: its resume block and advice are HTML, the operation-urls output in <code>', () => {
    const cause =
      'The stop of X04 did not end within the timeout; resume with wait-for-operation and the operation-urls output.';
    const result = {
      outputs: {
        instances: [{ name: 'X04', before: 'Running', after: null, outcome: 'running' }],
        result: [{ failure: cause }],
      },
      summary: [
        {
          title: 'erp-stop',
          header: ['erp virtual instance', 'status before', 'what was done', 'status after', 'duration'],
          rows: [['X04', 'Running', 'stop: InProgress', '-', '3.0 s']],
          code: [
            {
              label: 'X04 is still running: resume with the `operation-urls` output',
              text: 'https://m.example/op?api-version=1&sig=s',
            },
          ],
        },
      ],
      failure: cause,
    };
    const html = page(renderSummary(viewOfResult('erp-stop', result)));
    expect(html).toContain('<code>operation-urls</code>');
    expect(html).toMatch(/<p><strong>What to do:<\/strong>/);
    expect(visible(html)).not.toMatch(/`|\*\*/);
    expect(html).not.toContain('sig=s');
  });
});
