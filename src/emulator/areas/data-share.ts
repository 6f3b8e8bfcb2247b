import type { AreaModule, Route } from '../emulator.js';

/** Area A (share subscription synchronizations and settings). Not built yet: answers nothing, so its paths get the emulator's 404. */
export interface DataShareScenario {
  [key: string]: unknown;
}

export class DataShareArea implements AreaModule {
  readonly name = 'data-share';
  constructor(readonly scenario: DataShareScenario = {}) {}
  routes(): Route[] {
    return [];
  }
}
