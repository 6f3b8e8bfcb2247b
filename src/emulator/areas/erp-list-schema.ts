import * as z from 'zod/mini';
import { count, text, type Covers, type Out } from '../scenario-parts.js';
import type { FleetScenario, FleetSystem, FleetSystems } from './erp-list.js';

/**
 * The `fleet` section of the scenario file (areas/erp-list.ts), strict as every section of scenario-schema.ts; the
 * checks at the end fail to compile when a knob is added to the area's types but not here.
 */

const fleetFields = {
  location: text,
  environment: text,
  state: text,
  status: text,
  health: text,
  tags: z.optional(z.record(z.string(), z.string())),
  subscription: z.string(),
  resourceGroup: z.string(),
};
const fleetSystem = z.strictObject({ ...fleetFields, name: z.string() });
const fleetSystems = z.strictObject({ ...fleetFields, generate: count, prefix: text });

export const fleetSchema = z.strictObject({
  systems: z.optional(z.array(z.union([fleetSystem, fleetSystems]))),
  pageSize: z.optional(z.int().check(z.positive())),
  itemBytes: z.optional(count),
  nextLinkOrigin: z.optional(z.enum(['primary', 'secondary'])),
  nextLinkForm: z.optional(z.enum(['absolute', 'relative', 'malformed', 'resource', 'query', 'segment'])),
  wrongPage: z.optional(
    z.strictObject({ page: z.int().check(z.positive()), body: z.enum(['empty object', 'null value']) }),
  ),
  holdsOnly: z.optional(z.boolean()),
});

const covered: {
  fleet: Covers<Out<typeof fleetSchema>, FleetScenario>;
  fleetSystem: Covers<Out<typeof fleetSystem>, FleetSystem>;
  fleetSystems: Covers<Out<typeof fleetSystems>, FleetSystems>;
} = { fleet: true, fleetSystem: true, fleetSystems: true };
void covered;
