import { describe, expect, it } from '@jest/globals';
import { summaryPage } from '../../../../scripts/summaries/page.js';
import { renderSummary } from '../../../../src/action/summary/render.js';
import { viewOfResult } from '../../../../src/runtime/view/view.js';
import type { OperationResult, StepRow, TargetRow } from '../../../../src/operations/types.js';

const SUB = '00000000-0000-4000-8000-000000000001';

/** A whole-system window of three systems, as its typed rows give it (contract: whole-system), written out. */
function windowSummary(): string {
  const end = Date.UTC(2026, 10, 22, 3, 0, 0);
  const system = (name: string, db: string, times: number[]): TargetRow => {
    const startedAt = end - times.reduce((sum, t) => sum + t, 0) * 1000;
    let at = startedAt;
    const step = (step: string, target: string, seconds: number, before = 'Running'): StepRow => {
      const from = at;
      at += seconds * 1000;
      return {
        step,
        target,
        outcome: 'succeeded',
        word: 'stopped',
        before,
        after: 'Offline',
        startedAt: from,
        endedAt: at,
      };
    };
    const steps = [
      step('application stop', name, times[0]!),
      step('database stop', db, times[1]!),
      step('application machines', name, times[2]!, 'Offline'),
      step('database machines', db, times[3]!, 'Offline'),
    ];
    return {
      target: name,
      outcome: 'succeeded',
      word: 'stopped',
      before: 'Running',
      done: 'whole system stopped, machines deallocated',
      after: 'Offline',
      health: 'Unknown',
      startedAt,
      endedAt: at,
      steps,
    };
  };
  const result: OperationResult = {
    outputs: { 'operation-status': 'Succeeded', 'operation-urls': [] },
    summary: [
      {
        title: 'erp-stop',
        context: [
          ['subscription', SUB],
          ['resource group', 'rg-erp'],
        ],
        header: ['erp virtual instance', 'status before', 'what was done', 'status after', 'duration'],
        rows: [],
      },
    ],
    rows: [
      system('PR1', 'HDB-PR1', [312, 540, 95, 120]),
      system('QA1', 'HDB-QA1', [188, 301, 80, 97]),
      system('DV1', 'HDB-DV1', [96, 240, 71, 88]),
    ],
  };
  return renderSummary(viewOfResult('erp-stop', result), end);
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
