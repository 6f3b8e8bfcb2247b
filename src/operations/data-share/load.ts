import { areaCode } from '../module.js';

/** data-share's run code (./code.ts), loaded when one of its operations runs: a chunk of its own. */
export const dataShareCode = areaCode(() => import('./code.js'));
