import { writeFile } from 'node:fs/promises';
import { renderActionYml } from '../src/inputs/action-yml.js';

// `npm run action-yml`: rewrites action.yml from src/inputs/definitions.ts.
await writeFile(new URL('../action.yml', import.meta.url), renderActionYml('dist/index.js'));
