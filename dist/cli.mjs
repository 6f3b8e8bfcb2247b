#!/usr/bin/env node
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 19)) {
  console.error(`vendor-ops needs Node 22.19 or later (Node 24 is what runners use); this is ${process.version}.`);
  process.exit(2);
}
await import('./cli/index.js');
