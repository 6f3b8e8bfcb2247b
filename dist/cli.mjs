#!/usr/bin/env node
const [major] = process.versions.node.split('.').map(Number);
if (major < 24) {
  console.error(`vendor-ops needs Node 24 or later (what runners use); this is ${process.version}.`);
  process.exit(2);
}
await import('./cli/index.js');
