import * as z from 'zod/mini';
import { count, flag, linkForm, origin, text, type Covers, type Out } from '../scenario-parts.js';
import type { ErpErrorDetail, ErpInstanceScenario, ErpScenario } from './erp-scenario.js';
import type { ErpDatabaseScenario, ErpPartsScenario } from './erp-parts.js';
import type { ErpAuthorizationScenario } from './erp-authorization-scenario.js';

/**
 * The `erp` section of the scenario file (areas/erp.ts, areas/erp-parts.ts), strict as every section of
 * scenario-schema.ts; the checks at the end fail to compile when a knob is added to the area's types but not here.
 */

/** A deallocation's error: its code and message. */
const deallocateError = z.object({ code: z.string(), message: z.string() });

const errorDetail: z.ZodMiniType<ErpErrorDetail> = z.lazy(() =>
  z.strictObject({
    code: text,
    message: text,
    target: text,
    details: z.optional(z.array(errorDetail)),
    additionalInfo: z.optional(z.array(z.strictObject({ type: text, info: z.unknown() }))),
  }),
);

// C6's facts and C7's permissions (erp-facts.ts, erp-authorization.ts).
const serviceError = z.strictObject({ code: z.string(), message: z.string() });
const systemFacts = {
  state: text,
  provisioningState: text,
  errors: z.optional(serviceError),
  identity: z.optional(z.nullable(z.strictObject({ principalId: z.string() }))),
};
const partsFacts = {
  children: z.optional(
    z.record(
      z.string(),
      z.strictObject({ provisioningState: text, errors: z.optional(serviceError), status: text }),
    ),
  ),
  machines: z.optional(z.record(z.string(), z.string())),
  machineResourceGroup: text,
  centralParts: z.optional(
    z.strictObject({
      messageServer: text,
      enqueueServer: text,
      gatewayServer: text,
      enqueueReplicationServer: text,
    }),
  ),
  healthAfterStart: z.optional(z.union([count, z.literal('never')])),
  dispatcherStopped: z.optional(z.array(z.string())),
};
const strings = z.optional(z.array(z.string()));
const permission = z.strictObject({
  actions: strings,
  notActions: strings,
  dataActions: strings,
  notDataActions: strings,
});
const authorization = z.strictObject({
  permissions: z.optional(z.record(z.string(), z.array(permission))),
  permissionsRefused: strings,
  roleAssignments: z.optional(
    z.array(
      z.strictObject({
        principalId: z.string(),
        resourceGroup: text,
        roleDefinition: z.string(),
        condition: text,
      }),
    ),
  ),
  roleDefinitions: z.optional(
    z.record(z.string(), z.strictObject({ roleName: text, permissions: z.array(permission) })),
  ),
});

const erpKnobs = {
  ...systemFacts,
  respond: z.optional(z.literal([200, 202])),
  steps: z.optional(
    z.array(
      z.union([z.string(), z.strictObject({ status: z.string(), percentComplete: z.optional(z.number()) })]),
    ),
  ),
  durationMs: z.optional(z.number().check(z.nonnegative())),
  retryAfter: text,
  softStopUnsupported: flag,
  error: z.optional(errorDetail),
  pollingHeader: text,
  pollingOrigin: z.optional(origin),
  pollingUrlForm: z.optional(linkForm),
  rotatePollingUrl: flag,
  pollingMode: z.optional(z.enum(['async', 'location'])),
  locationFinal: z.optional(z.literal([200, 204])),
  status: text,
  health: text,
  missing: flag,
  readRefused: flag,
  endStatus: text,
  endHealth: text,
  settleReads: z.optional(count),
  statusLagReads: z.optional(count),
  deallocateFails: z.optional(deallocateError),
  movesAfterFailure: z.optional(
    z.strictObject({ status: z.string(), health: text, reads: z.optional(count) }),
  ),
};
const erpInstance = z.strictObject({ ...erpKnobs, start: z.optional(z.strictObject(erpKnobs)) });

const steps = erpKnobs.steps;
// The parts of a system (C3), see erp-parts.ts.
const erpDatabase = z.strictObject({
  name: z.string(),
  databaseType: text,
  status: text,
  startFails: flag,
  settleReads: z.optional(count),
  deallocateFails: z.optional(deallocateError),
  stopSteps: steps,
});
const erpParts = z.strictObject({
  databases: z.optional(z.array(erpDatabase)),
  applicationInstances: z.optional(z.array(z.string())),
  centralInstance: text,
  respond: z.optional(z.literal([200, 202])),
  steps,
  durationMs: z.optional(z.number().check(z.nonnegative())),
  retryAfter: text,
  pollingUrlForm: z.optional(z.enum(['absolute', 'relative', 'malformed', 'bare'])),
  pageSize: z.optional(z.int().check(z.positive())),
  ...partsFacts,
});

export const erpSchema = z.strictObject({
  location: text,
  defaults: z.optional(erpInstance),
  instances: z.optional(z.record(z.string(), erpInstance)),
  parts: z.optional(
    z.strictObject({
      defaults: z.optional(erpParts),
      systems: z.optional(z.record(z.string(), erpParts)),
    }),
  ),
  authorization: z.optional(authorization),
});

const covered: {
  erp: Covers<Out<typeof erpSchema>, ErpScenario>;
  erpInstance: Covers<Out<typeof erpInstance>, ErpInstanceScenario>;
  erpParts: Covers<Out<typeof erpParts>, ErpPartsScenario>;
  erpDatabase: Covers<Out<typeof erpDatabase>, ErpDatabaseScenario>;
  authorization: Covers<Out<typeof authorization>, ErpAuthorizationScenario>;
} = { erp: true, erpInstance: true, erpParts: true, erpDatabase: true, authorization: true };
void covered;
