import type { AreaModule, Route } from '../emulator.js';

/** Area D (app-management API with API tokens). Not built yet: answers nothing, so its paths get the emulator's 404. */
export interface AppsScenario {
  [key: string]: unknown;
}

export class AppsArea implements AreaModule {
  readonly name = 'apps';
  constructor(readonly scenario: AppsScenario = {}) {}
  routes(): Route[] {
    return [];
  }
}
