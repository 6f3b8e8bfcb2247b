import type { Logger } from '../operations/types.js';

/**
 * Log lines go to stderr, so stdout carries only the outputs. On a terminal a live line under the log shows the
 * elapsed time and the last thing said while the step waits; elsewhere lines are plain. `render` rewords the
 * shared text for the command line (`wait: false` → `--wait false`).
 */
export function createCliLogger(
  stream: NodeJS.WriteStream,
  verbose: boolean,
  now = () => Date.now(),
  render: (line: string) => string = (line) => line,
) {
  const started = now();
  let last = '';
  // What was said, so the tables printed at the end do not repeat a warning (the retirement notice) word for word.
  const said = new Set<string>();
  let live = false;
  const clearLive = () => {
    if (live) stream.write('\r\u001b[2K');
    live = false;
  };
  const write = (text: string) => {
    const line = render(text);
    clearLive();
    stream.write(`${line}\n`);
    said.add(line.replace(/^warning: /, ''));
    last = line;
  };
  const timer = stream.isTTY
    ? setInterval(() => {
        const seconds = Math.round((now() - started) / 1000);
        const elapsed = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
        clearLive();
        stream.write(
          `… ${elapsed} elapsed${last ? ` · ${last.trim()}` : ''}`.slice(0, (stream.columns ?? 80) - 1),
        );
        live = true;
      }, 1000)
    : undefined;
  timer?.unref();

  const logger: Logger = {
    info: write,
    warning: (line) => write(`warning: ${line}`),
    ...(verbose ? { debug: (line: string) => write(`debug: ${line}`) } : {}),
    group: async (name, work) => {
      write(`▸ ${name}`);
      return work();
    },
  };
  return {
    logger,
    stop: () => {
      if (timer) clearInterval(timer);
      clearLive();
    },
    /** Whether a line (a warning without its `warning: `) was written already. */
    logged: (line: string) => said.has(line),
  };
}
