import { areaCode } from '../module.js';

/** erp's run code (./code.ts), loaded when one of its operations runs: a chunk of its own, once per process. */
export const erpCode = areaCode(() => import('./code.js'));
