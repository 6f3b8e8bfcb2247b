import type { AreaModule, Route } from '../emulator.js';

/** Area C (erp virtual instances: stop and operation status). Not built yet: answers nothing, so its paths get the emulator's 404. */
export interface ErpScenario {
  [key: string]: unknown;
}

export class ErpArea implements AreaModule {
  readonly name = 'erp';
  constructor(readonly scenario: ErpScenario = {}) {}
  routes(): Route[] {
    return [];
  }
}
