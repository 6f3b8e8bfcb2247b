import type { FleetSystem } from './erp-list.js';
import { randomUUID } from 'node:crypto';
import { sendJson, type AreaModule, type RequestContext, type Route } from '../emulator.js';
import {
  ACTION_PATH,
  INSTANCE_PATH,
  RESULTS_PATH,
  STATUS_PATH,
  type EmulatedInstance,
  type ErpAction,
  type ErpInstanceScenario,
  type ErpOperation,
  type ErpScenario,
  type ErpStopRecord,
} from './erp-scenario.js';
import {
  applyEnd,
  hasEnded,
  instanceBody,
  isTerminal,
  parseActionBody,
  pollingHeaders,
  recordOf,
  refuse,
  requireApiVersion,
  sendNotFound,
} from './erp-wire.js';
import { ErpParts } from './erp-parts.js';
import { ErpAuthorization } from './erp-authorization.js';
import { advance, operationResult, operationStatus } from './erp-operation-status.js';
import { settledHealth } from './erp-facts.js';

/**
 * Area C: stop (C1) and start (C2) an erp virtual instance's application, and read it (C0); the operation-status
 * endpoint they hand out is erp-operation-status.ts's.
 */
export class ErpArea implements AreaModule {
  readonly name = 'erp';
  readonly stops: ErpStopRecord[] = [];
  readonly starts: ErpStopRecord[] = [];
  readonly operations = new Map<string, ErpOperation>();
  /** 401s served by this area: a test of token refresh asserts none. */
  unauthorized = 0;
  /** The fleet's system of that name (set by ServiceEmulator): C0 shows its tags. */
  listed?: (subscription: string, resourceGroup: string, name: string) => FleetSystem | undefined;
  /** Polls of a polling URL that a newer one had superseded (`rotatePollingUrl`): a client should send none. */
  supersededPolls = 0;
  /** The instances by `subscription/resourceGroup/name`, lower-cased: what C0 shows. */
  readonly instances = new Map<string, EmulatedInstance>();

  readonly scenario: ErpScenario;
  /** The systems' children (C3), whose states move with the systems'; the permission reads (C7). */
  readonly parts: ErpParts;
  readonly authorization: ErpAuthorization;
  constructor(scenario: ErpScenario = {}) {
    this.scenario = scenario;
    this.authorization = new ErpAuthorization((scenario.authorization ??= {}));
    this.parts = new ErpParts(scenario.parts ?? {}, {
      systemStatus: (sub, rg, name) => this.instance(name, sub, rg).status,
      location: () => this.scenario.location ?? 'westeurope',
    });
  }

  /** Sets (replaces) one instance's knobs. */
  setInstance(name: string, knobs: ErpInstanceScenario): this {
    this.scenario.instances = { ...this.scenario.instances, [name]: knobs };
    return this;
  }

  knobsFor(instance: string, action: ErpAction = 'stop'): ErpInstanceScenario {
    const { start, ...knobs } = { ...this.scenario.defaults, ...this.scenario.instances?.[instance] };
    return action === 'start' ? { ...knobs, ...start } : knobs;
  }

  /** The instance as C0 shows it (created from its knobs on first use); names compare case-insensitively. */
  instance(name: string, subscriptionId = '', resourceGroup = ''): EmulatedInstance {
    const key = [subscriptionId, resourceGroup, name].join('/').toLowerCase();
    // A test may ask by name alone: the one instance of that name, wherever it lives.
    const found =
      this.instances.get(key) ??
      (subscriptionId === ''
        ? [...this.instances.values()].find((i) => i.name.toLowerCase() === name.toLowerCase())
        : undefined);
    if (found) return found;
    const knobs = this.knobsFor(name);
    const created: EmulatedInstance = {
      name,
      status: knobs.status ?? this.listed?.(subscriptionId, resourceGroup, name)?.status ?? 'Running',
      health: knobs.health ?? this.listed?.(subscriptionId, resourceGroup, name)?.health ?? 'Healthy',
      settleLeft: 0,
      reads: 0,
    };
    this.instances.set(key, created);
    return created;
  }

  /** The accepted stops of an instance, in arrival order. */
  stopsOf(instance: string): ErpStopRecord[] {
    return this.stops.filter((s) => s.instance === instance && s.accepted);
  }

  /** The accepted starts of an instance, in arrival order. */
  startsOf(instance: string): ErpStopRecord[] {
    return this.starts.filter((s) => s.instance === instance && s.accepted);
  }

  routes(): Route[] {
    return [
      // First: the parts' operation-status URLs would match STATUS_PATH too.
      ...this.parts.routes(),
      ...this.authorization.routes(),
      { method: 'GET', path: INSTANCE_PATH, handle: (ctx) => this.read(ctx) },
      { method: 'POST', path: ACTION_PATH, handle: (ctx) => this.act(ctx) },
      { method: 'GET', path: STATUS_PATH, handle: (ctx) => operationStatus(this, ctx) },
      { method: 'GET', path: RESULTS_PATH, handle: (ctx) => operationResult(this, ctx) },
    ];
  }

  /** A valid bearer token, else the 401 counted (the operation-status endpoint asks too). */
  authorized(ctx: RequestContext): boolean {
    if (ctx.emulator.checkBearer(ctx)) return true;
    this.unauthorized++;
    return false;
  }

  private act(ctx: RequestContext): void {
    if (!this.authorized(ctx) || !requireApiVersion(ctx)) return;
    const [subscriptionId = '', resourceGroup = '', instance = '', verb = ''] = ctx.params;
    const action: ErpAction = verb.toLowerCase() === 'start' ? 'start' : 'stop';
    const apiVersion = ctx.url.searchParams.get('api-version') ?? '';
    // The seed's C2 takes no body and its C1 only softStopTimeoutSeconds; from 2023-10-01-preview on, C1 may
    // carry deallocateVm and C2 a body with startVm. Anything else is refused, so a test sees what was sent.
    const parsed = parseActionBody(action, ctx.body, apiVersion);
    if (typeof parsed === 'string') {
      return refuse(ctx, 400, 'InvalidRequestContent', parsed);
    }
    const soft = parsed.softStopTimeoutSeconds;
    const knobs = this.knobsFor(instance, action);
    const state = this.instance(instance, subscriptionId, resourceGroup);
    const record = recordOf(ctx, action, parsed);
    (action === 'start' ? this.starts : this.stops).push(record);
    if (knobs.missing) return sendNotFound(ctx, instance, resourceGroup);
    if (state.op && state.op.stop.endedAt === undefined && !hasEnded(state.op, ctx.emulator.now())) {
      record.conflict = true;
      const message = `An operation is already in progress on erp virtual instance '${instance}'; try again once it has ended.`;
      return refuse(ctx, 409, 'Conflict', message);
    }
    if (knobs.softStopUnsupported && soft > 0) {
      const message = `A soft stop is not supported for ${instance}; stop with softStopTimeoutSeconds 0.`;
      return refuse(ctx, 400, 'SoftStopUnsupported', message, 'softStopTimeoutSeconds');
    }
    record.accepted = true;
    // The machines follow a deallocating stop; a start while a database is down ends Failed (erp-parts.ts).
    const where = { subscriptionId, resourceGroup, system: instance };
    const punished = this.parts.onSystemAction(where, action, parsed);
    const failing = punished ?? (parsed.deallocateVm ? knobs.deallocateFails : undefined);
    const op: ErpOperation = {
      id: randomUUID(),
      subscriptionId,
      location: this.scenario.location ?? 'westeurope',
      knobs: failing ? { ...knobs, steps: ['InProgress', 'Failed'], error: failing } : knobs,
      stop: record,
      served: 0,
      polls: 0,
      signatures: 0,
      resourceId: `/subscriptions/${subscriptionId}/resourceGroups/${resourceGroup}/providers/Vendor.Workloads/erpVirtualInstances/${instance}`,
    };
    record.operationId = op.id;
    this.operations.set(op.id, op);
    state.prior = { status: state.status, health: state.health };
    state.op = op;
    state.pendingEnd = undefined;
    state.lagLeft = knobs.statusLagReads;
    state.status = action === 'start' ? 'Starting' : soft > 0 ? 'SoftShutdown' : 'Stopping';
    if (knobs.pollingMode === 'location') {
      sendJson(ctx, 202, undefined, pollingHeaders(op, ctx.emulator));
      return;
    }
    if (knobs.respond === 200) {
      const body = advance(this, op, ctx.emulator);
      const headers = isTerminal(body.status) ? {} : pollingHeaders(op, ctx.emulator);
      sendJson(ctx, 200, body, headers);
      return;
    }
    sendJson(ctx, 202, undefined, pollingHeaders(op, ctx.emulator));
  }

  /** C0: the instance; a read of one whose operation runs moves that operation one step. */
  private read(ctx: RequestContext): void {
    if (!this.authorized(ctx) || !requireApiVersion(ctx)) return;
    const [subscriptionId = '', resourceGroup = '', name = ''] = ctx.params;
    const knobs = this.knobsFor(name);
    if (knobs.missing) return sendNotFound(ctx, name, resourceGroup);
    if (knobs.readRefused) {
      const message = `The client does not have authorization to perform action 'Vendor.Workloads/erpVirtualInstances/read' over scope '/subscriptions/${subscriptionId}/resourceGroups/${resourceGroup}/providers/Vendor.Workloads/erpVirtualInstances/${name}'.`;
      return refuse(ctx, 403, 'AuthorizationFailed', message);
    }
    const state = this.instance(name, subscriptionId, resourceGroup);
    state.reads++;
    const lagging = state.lagLeft !== undefined && state.lagLeft > 0 && state.prior;
    if (lagging) state.lagLeft = (state.lagLeft ?? 1) - 1;
    else if (state.op && state.op.stop.endedAt === undefined) advance(this, state.op, ctx.emulator);
    else if (state.pendingEnd) {
      if (state.settleLeft > 0) state.settleLeft--;
      else applyEnd(state);
    }
    // After a start, the system's health comes with its parts' (healthAfterStart, erp-facts.ts).
    const shown = settledHealth(lagging || state, this.parts.of(subscriptionId, resourceGroup, name));
    const id = `/subscriptions/${subscriptionId}/resourceGroups/${resourceGroup}/providers/Vendor.Workloads/erpVirtualInstances/${name}`;
    const listed = this.listed?.(subscriptionId, resourceGroup, name);
    sendJson(ctx, 200, instanceBody(id, name, this.scenario.location, shown, listed, knobs));
  }
}
