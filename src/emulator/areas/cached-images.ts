import type { AreaModule, Route } from '../emulator.js';

/** Area B (cached container images). Not built yet: answers nothing, so its paths get the emulator's 404. */
export interface CachedImagesScenario {
  [key: string]: unknown;
}

export class CachedImagesArea implements AreaModule {
  readonly name = 'cached-images';
  constructor(readonly scenario: CachedImagesScenario = {}) {}
  routes(): Route[] {
    return [];
  }
}
