import { readFile, writeFile } from 'node:fs/promises';
import { withKnobTable } from '../src/emulator/knob-table.js';

// `npm run knob-table`: rewrites the README's table of the emulator's knobs from src/emulator/scenario-schema.ts.
const readme = new URL('../README.md', import.meta.url);
await writeFile(readme, withKnobTable(await readFile(readme, 'utf8')));
