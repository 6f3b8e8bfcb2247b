/**
 * A job summary as GitHub shows it: GitHub-flavoured Markdown with its raw HTML kept, and each `mermaid` code block
 * drawn by Mermaid. The page is what `npm run summaries` writes and photographs; a test reads its HTML.
 */
import { Marked } from 'marked';

const marked = new Marked({ gfm: true });
// A ```mermaid block becomes what Mermaid draws in the browser, as GitHub's viewer does.
marked.use({
  renderer: {
    code({ text, lang }) {
      if (lang !== 'mermaid') return false;
      return `<pre class="mermaid">${text.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</pre>\n`;
    },
  },
});

/** GitHub's look, near enough to judge a summary by: its font, its tables, its code and its details. */
const STYLE = `
body { font-family: -apple-system, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif, "Noto Color Emoji";
  font-size: 14px; line-height: 1.5; color: #1f2328; background: #fff; margin: 0; }
.job { max-width: 1012px; margin: 16px; border: 1px solid #d1d9e0; border-radius: 6px; }
.job > header { padding: 8px 16px; background: #f6f8fa; border-bottom: 1px solid #d1d9e0; font-weight: 600; }
.markdown-body { padding: 16px 24px; }
h2 { font-size: 1.5em; border-bottom: 1px solid #d1d9e0; padding-bottom: .3em; margin: 0 0 16px; }
p, table, details, pre, ul { margin: 0 0 16px; }
table { border-collapse: collapse; display: block; max-width: 100%; overflow: auto; }
th, td { border: 1px solid #d1d9e0; padding: 6px 13px; vertical-align: top; }
th { font-weight: 600; background: #f6f8fa; }
tr:nth-child(2n) td { background: #f6f8fa; }
code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 85%;
  background: rgba(129, 139, 152, .12); border-radius: 6px; padding: .2em .4em; }
pre { background: #f6f8fa; border-radius: 6px; padding: 16px; overflow: auto; }
pre code { background: none; padding: 0; }
pre.mermaid { background: #fff; }
summary { cursor: pointer; }`;

/** The page of one summary; `mermaidScript` is where the page loads Mermaid from (a path or URL). */
export function summaryPage(markdown: string, options: { title: string; mermaidScript: string }): string {
  const body = marked.parse(markdown) as string;
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>${options.title}</title><style>${STYLE}</style></head>
<body><div class="job"><header>${options.title}</header><div class="markdown-body">
${body}
</div></div>
<script src="${options.mermaidScript}"></script>
<script>
  mermaid.initialize({ startOnLoad: false, theme: 'default' });
  mermaid.run({ querySelector: 'pre.mermaid' }).then(() => (document.body.dataset.drawn = 'yes'), (e) => (document.body.dataset.drawn = 'error: ' + e));
</script>
</body></html>
`;
}
