// Reads Mermaid text on stdin and prints what the real `mermaid` library makes of it, as JSON: its diagram type and,
// for a gantt, every task (section, name, start, end, done, crit, active); or {error} where it refuses the text.
// A child process, so the tests need not load mermaid and its DOM shim (jsdom) into jest's module system.
import { JSDOM } from 'jsdom';

const dom = new JSDOM('<!doctype html><html><body></body></html>');
globalThis.window = dom.window;
globalThis.document = dom.window.document;
const { default: mermaid } = await import('mermaid');
mermaid.initialize({ startOnLoad: false });

let text = '';
for await (const chunk of process.stdin) text += chunk;
try {
  const { diagramType } = await mermaid.parse(text);
  const diagram = await mermaid.mermaidAPI.getDiagramFromText(text);
  const tasks = diagramType === 'gantt' ? diagram.db.getTasks() : [];
  const out = tasks.map((t) => ({
    section: t.section,
    task: t.task.trim(),
    start: t.startTime.getTime(),
    end: t.endTime.getTime(),
    done: Boolean(t.done),
    crit: Boolean(t.crit),
    active: Boolean(t.active),
  }));
  process.stdout.write(JSON.stringify({ diagramType, tasks: out }));
} catch (error) {
  process.stdout.write(JSON.stringify({ error: String(error.message ?? error).split('\n')[0] }));
}
