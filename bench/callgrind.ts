import { spawnSync } from 'node:child_process';

/**
 * Running a child under valgrind's callgrind, for `--instructions` (instructions.ts): the command, and the count it
 * prints at exit.
 */

/** Before any build: say what is missing, not fail at the first child. */
export function needValgrind(): void {
  if (spawnSync('valgrind', ['--version']).status !== 0)
    throw new Error('--instructions needs valgrind on PATH (Debian: apt-get install valgrind)');
}

/**
 * The command that runs `node <args>` under callgrind. valgrind drops variables whose names hold a `-` (the
 * runner's `INPUT_BASE-URL`), so a traced /usr/bin/env sets those; its own instructions are a few thousand. They
 * stand in its arguments, where `ps` shows them: the bench's inputs are the loopback emulator's throw-away ones.
 */
export function underCallgrind(args: string[], env: Record<string, string>): [string, string[]] {
  const dashed = Object.keys(env).filter((name) => name.includes('-'));
  const pairs = dashed.map((name) => `${name}=${env[name]}`);
  for (const name of dashed) delete env[name];
  return [
    'valgrind',
    [
      '--tool=callgrind',
      '--callgrind-out-file=/dev/null',
      '--trace-children=yes',
      '/usr/bin/env',
      ...pairs,
      process.execPath,
      ...args,
    ],
  ];
}

/** The count valgrind prints on stderr at exit (`==pid== Collected : N`). */
export function collectedOf(stderr: string): number {
  const m = /== Collected : (\d+)/.exec(stderr);
  if (!m) throw new Error(`callgrind printed no count: ${stderr.slice(-300)}`);
  return Number(m[1]);
}
