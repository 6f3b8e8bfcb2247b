#!/usr/bin/env node
const [major] = process.versions.node.split('.').map(Number);
if (major < 24) {
  // The README's examples run dist/cli.mjs with whatever `node` is first on PATH; in a checkout, npx puts the
  // project's own Node 24 (node_modules) first, so say so.
  console.error(
    `vendor-ops needs Node 24 or later (what runners use); this is ${process.version}. In this checkout, after npm ci, run it as npx vendor-ops …, which uses the project's Node 24.`,
  );
  process.exit(2);
}
await import('./cli/index.js');
