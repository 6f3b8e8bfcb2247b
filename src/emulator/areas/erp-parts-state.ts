import type { ErpErrorDetail } from './erp-step.js';
import type { Child, PartOp } from './erp-part-ops.js';
import type { ErpPartsScenario, ErpPartsSection, PartKind } from './erp-parts-scenario.js';

/** The state the emulator keeps of one system's parts. */
export interface SystemParts {
  knobs: ErpPartsScenario;
  children: Record<PartKind, Child[]>;
  /** Reads of its application and central instances since the system's last start (health comes after some). */
  readsSinceStart?: number;
}

/** What the parts need of the system itself (ErpArea): its status now, and the region its polling URLs name. */
export interface SystemStatusSource {
  systemStatus(subscriptionId: string, resourceGroup: string, system: string): string;
  location(): string;
}

/** The state the emulator keeps of every system's parts, and how the system's own stop and start move it (C3). */
export class ErpPartsState {
  readonly operations = new Map<string, PartOp>();
  private readonly systems = new Map<string, SystemParts>();

  readonly section: ErpPartsSection;
  protected readonly source: SystemStatusSource;
  constructor(section: ErpPartsSection, source: SystemStatusSource) {
    this.section = section;
    this.source = source;
  }

  /** Sets (replaces) one system's parts knobs; its state is made afresh from them. */
  setParts(system: string, knobs: ErpPartsScenario): this {
    this.section.systems = { ...this.section.systems, [system]: knobs };
    for (const key of [...this.systems.keys()])
      if (key.endsWith(`/${system.toLowerCase()}`)) this.systems.delete(key);
    return this;
  }

  /** The system's parts (made from its knobs on first use). */
  of(subscriptionId: string, resourceGroup: string, system: string): SystemParts {
    const key = [subscriptionId, resourceGroup, system].join('/').toLowerCase();
    const found = this.systems.get(key);
    if (found) return found;
    const knobs = { ...this.section.defaults, ...this.section.systems?.[system] };
    const made: SystemParts = {
      knobs,
      children: {
        applicationInstances: (knobs.applicationInstances ?? ['app0']).map((name) => ({
          name,
          status: knobs.children?.[name]?.status,
        })),
        centralInstances: [knobs.centralInstance ?? 'cs0'].map((name) => ({
          name,
          status: knobs.children?.[name]?.status,
        })),
        databaseInstances: (knobs.databases ?? [{ name: 'db0' }]).map((db) => ({
          name: db.name,
          status: db.status ?? 'Running',
          databaseType: db.databaseType ?? 'hdb',
          knobs: db,
        })),
      },
    };
    this.systems.set(key, made);
    return made;
  }

  /** Test helper: every child operation still running ends Succeeded at its next answer (the service caught up). */
  finishRunning(): void {
    for (const op of this.operations.values()) if (!op.ended) [op.steps, op.durationMs] = [['Succeeded'], 0];
    this.caughtUp = true;
  }

  /** After finishRunning: later stops run as by default, whatever `stopSteps` says. */
  protected caughtUp = false;

  /**
   * The hook of the system's own stop and start (C1/C2): a deallocating stop takes the machines down, a start with
   * startVm brings them up, and a start while a database is not Running is made to fail (the error's code is the
   * emulator's wording: the service's is not documented).
   */
  onSystemAction(
    where: { subscriptionId: string; resourceGroup: string; system: string },
    action: 'stop' | 'start',
    body: { deallocateVm?: boolean; startVm?: boolean },
  ): ErpErrorDetail | undefined {
    const parts = this.of(where.subscriptionId, where.resourceGroup, where.system);
    if (action === 'stop' && body.deallocateVm) {
      for (const db of parts.children.databaseInstances) if (db.status !== 'Offline') db.unreachable = true;
    }
    if (action === 'start' && body.startVm) {
      for (const db of parts.children.databaseInstances) db.unreachable = false;
    }
    if (action !== 'start') return undefined;
    parts.readsSinceStart = 0;
    const down = parts.children.databaseInstances.find(
      (db) => this.statusOf(parts, 'databaseInstances', db, where) !== 'Running',
    );
    return (
      down && {
        code: 'DatabaseNotRunning',
        message: `The application of ${where.system} cannot start while its database instance '${down.name}' is ${this.statusOf(parts, 'databaseInstances', down, where)}.`,
      }
    );
  }

  /** A child's status now: a running operation's, its own, or (application, central) the system's. */
  protected statusOf(
    parts: SystemParts,
    kind: PartKind,
    child: Child,
    where: { subscriptionId: string; resourceGroup: string; system: string },
  ): string {
    if ((child.op && !child.op.ended) || child.pending)
      return child.op?.action === 'start' ? 'Starting' : 'Stopping';
    if (kind !== 'databaseInstances') {
      return (
        child.status ?? this.source.systemStatus(where.subscriptionId, where.resourceGroup, where.system)
      );
    }
    // With the central services' machines gone, the service cannot reach a database it did not stop first.
    return child.unreachable ? 'Unavailable' : (child.status ?? 'Running');
  }
}
