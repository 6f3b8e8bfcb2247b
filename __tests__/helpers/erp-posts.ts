import type { ServiceEmulator } from '../../src/emulator/index.js';

/**
 * The stops and starts the emulator received for some systems from `from` on, in order: `stop X01 {…}`,
 * `start X01/db0 -` (a database's by its system and name; `-` for no body).
 */
export function erpPosts(e: ServiceEmulator, systems: string[], from = 0): string[] {
  return e.requests.slice(from).flatMap((r) => {
    const m = /erpVirtualInstances\/([^/]+)(?:\/databaseInstances\/([^/]+))?\/(stop|start)$/.exec(
      r.url.pathname,
    );
    if (r.method !== 'POST' || !m || !systems.includes(m[1]!)) return [];
    return [`${m[3]} ${m[1]}${m[2] ? `/${m[2]}` : ''} ${r.body || '-'}`];
  });
}
