import { areaCode } from '../module.js';

/** The app-management operations' run code (./code.ts), loaded when one of them runs: a chunk of its own. */
export const appsCode = areaCode(() => import('./code.js'));
