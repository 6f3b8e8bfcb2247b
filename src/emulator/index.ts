import { Emulator, type EmulatorOptions, type EmulatorTls } from './emulator.js';
import { AppsArea, type AppsScenario } from './areas/apps.js';
import { CachedImagesArea, type CachedImagesScenario } from './areas/cached-images.js';
import { DataShareArea, type DataShareScenario } from './areas/data-share.js';
import { ErpArea } from './areas/erp.js';
import type { ErpScenario } from './areas/erp-scenario.js';
import { ErpListArea, type FleetScenario } from './areas/erp-list.js';

export { Emulator, sendJson } from './emulator.js';
export type { EmulatorTls, RecordedRequest, RequestContext, Route } from './emulator.js';
export type { Fault, FaultRule } from './faults.js';

/** The scenario file's shape: one optional section per area, plus the emulator's own settings. */
export interface Scenario {
  emulator?: EmulatorOptions;
  erp?: ErpScenario;
  dataShare?: DataShareScenario;
  cachedImages?: CachedImagesScenario;
  apps?: AppsScenario;
  /** C5: the systems the listing shows, by subscription and resource group (areas/erp-list.ts). */
  fleet?: FleetScenario;
}

/** The whole service: all four areas on one server (and its second origin). */
export class ServiceEmulator extends Emulator {
  readonly erp: ErpArea;
  readonly dataShare: DataShareArea;
  readonly cachedImages: CachedImagesArea;
  readonly apps: AppsArea;
  readonly fleet: ErpListArea;

  constructor(scenario: Scenario = {}) {
    super(scenario.emulator);
    this.fleet = new ErpListArea(scenario.fleet);
    // First: with holdsOnly, a system the emulator does not hold answers 404 to every call, as the service does.
    this.use({ name: 'held', routes: () => this.fleet.notHeldRoutes() });
    this.fleet.alsoHeld = (name) => Object.hasOwn(scenario.erp?.instances ?? {}, name);
    this.erp = new ErpArea(scenario.erp);
    this.dataShare = new DataShareArea(scenario.dataShare);
    this.cachedImages = new CachedImagesArea(scenario.cachedImages);
    this.apps = new AppsArea(scenario.apps);
    this.use(this.erp).use(this.dataShare).use(this.cachedImages).use(this.apps);
    this.use(this.fleet);
    // C0 of a listed system shows its tags and environment, as the service's one resource does.
    this.erp.listed = (sub, rg, name) => this.fleet.find(sub, rg, name);
  }
}

/** `tls`: serve HTTPS with this key and certificate (the benchmark's); without it, plain HTTP as always. */
export async function startEmulator(
  scenario: Scenario = {},
  listen: { tls?: EmulatorTls } = {},
): Promise<ServiceEmulator> {
  return new ServiceEmulator(scenario).start(listen);
}
