import type { HttpClient } from '../client/http.js';
import { INPUTS, type InputDefinition, type InputName, type InputValue } from './inputs.js';
import type { Parser } from './input-parser.js';
import type { OutputName } from './outputs.js';
import type { FailureKind, OperationContext, OperationResult, StepFacts, StepRecord } from './types.js';

/**
 * How an operation reads one input: `required`, `withDefault` (never absent: the operation's default, else the
 * vocabulary's) or `optional`. `parse` narrows the vocabulary's parser for this operation.
 */
export interface InputUse<T = unknown, P extends Presence = Presence> {
  input: InputName;
  presence: P;
  parse: Parser<T>;
  /** The default as a user would write it, where this operation has its own. */
  default?: string;
  /**
   * An optional input's default as action.yml and the README show it, where the operation decides it from other
   * inputs rather than applying it as the input's value (erp-stop's api-version follows deallocate-vm).
   */
  shown?: string;
}
type Presence = 'required' | 'default' | 'optional';

export function required<N extends InputName>(input: N): InputUse<InputValue<N>, 'required'>;
export function required<T>(input: InputName, parse: Parser<T>): InputUse<T, 'required'>;
export function required(input: InputName, parse?: Parser<unknown>): InputUse<unknown, 'required'> {
  return { input, presence: 'required', parse: parse ?? INPUTS[input].parse };
}

export function optional<N extends InputName>(input: N, shown?: string): InputUse<InputValue<N>, 'optional'> {
  return { input, presence: 'optional', parse: INPUTS[input].parse as Parser<InputValue<N>>, shown };
}

/** An input that always has a value: `fallback` where the operation has its own default, else the vocabulary's. */
export function withDefault<N extends InputName>(
  input: N,
  fallback?: string,
): InputUse<InputValue<N>, 'default'> {
  const fromVocabulary = (INPUTS[input] as InputDefinition).default;
  if (fallback === undefined && fromVocabulary === undefined) {
    throw new Error(`${input} has no default: give the operation's own`);
  }
  return {
    input,
    presence: 'default',
    parse: INPUTS[input].parse as Parser<InputValue<N>>,
    default: fallback,
  };
}

type ValueOf<I> = I extends InputUse<infer T> ? T : never;
type OptionalKeys<U> = { [K in keyof U]: U[K] extends InputUse<unknown, 'optional'> ? K : never }[keyof U];

/** The typed options an operation's `run` receives for its input uses; an optional input may be absent. */
export type OptionsOf<U extends Record<string, InputUse>> = {
  [K in Exclude<keyof U, OptionalKeys<U>>]: ValueOf<U[K]>;
} & { [K in OptionalKeys<U>]?: ValueOf<U[K]> };

/** Which API an operation talks to: it decides the address and sign-in inputs the adapters read. */
export type ClientKind = 'resource-manager' | 'app-management' | 'none';

/** What the adapters add to the options, by client kind. */
export type ClientOptions<C extends ClientKind> = C extends 'resource-manager'
  ? { baseUrl: URL }
  : C extends 'app-management'
    ? { apiUrl: URL }
    : object;

/**
 * One operation, self-described: the adapters derive its inputs (flags, action.yml, --help), validate them all
 * before any request, connect the client it needs, run it, and set the outputs it names.
 */
export interface OperationModule<
  U extends Record<string, InputUse> = Record<string, InputUse>,
  C extends ClientKind = ClientKind,
> {
  name: string;
  /** One line for --help and the README. */
  description: string;
  client: C;
  /** The inputs the operation itself reads, by option name (the client's and the step's come from `client`). */
  inputs: U;
  /** Reads poll-interval: the operation polls. */
  polls?: boolean;
  /**
   * Changes something and can say beforehand what (reads dry-run): in a dry run the client refuses every request
   * that changes something, and the operation reports the plan (`ctx.dryRun`).
   */
  plans?: boolean;
  outputs: readonly OutputName[];
  /**
   * Writes its result to a file a later job gathers (erp-report reads it): the file built from the result's rows,
   * which the adapter names, writes and sets as `result-file` (defineOperation adds that output).
   */
  resultFile?: (result: OperationResult, step: StepFacts) => StepRecord;
  /** A command-line example: the flags after `vendor-ops <name>`. */
  example: string;
  /** How its summary reads, where it differs from the general view. */
  view?: OperationView;
  run(
    options: OptionsOf<U> & ClientOptions<C>,
    client: HttpClient,
    ctx: OperationContext,
  ): Promise<OperationResult>;
}

/**
 * What is particular to an operation in its summary, declared with it: the view (src/runtime/view) knows no
 * operation by name and reads this.
 */
export interface OperationView {
  /** The title after `name: ` (`all cached`, `signed in as …`), where the rows' words do not say it. */
  title?(result: OperationResult): string | undefined;
  /** Its rows are shown in its own tables (`summary`), not as a table of targets. */
  ownTables?: boolean;
  /** With rows, its own first table is kept beside them, under this title. */
  firstTable?: string;
  /** How what it leaves running is resumed (`wait-for-operation and the operation-urls output`). */
  resume?: string;
  /** Its rows show no time (a read of a status): no `took` column and no timeline; the result file keeps the times. */
  untimed?: boolean;
  /** Its own "What to do" for a kind of failure, where the general line does not fit. */
  whatToDo?: Partial<Record<FailureKind, string>>;
}

const areaLoaders: (() => Promise<unknown>)[] = [];

/**
 * An area's run code, as its modules load it: `load` is the area's `import('./code.js')`, which ncc bundles as a
 * chunk of its own (dist/<id>.index.js), so a step parses only its own area's code. Imported once per process.
 */
export function areaCode<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  const once = () => (loaded ??= load());
  areaLoaders.push(once);
  return once;
}

/**
 * Every area's run code, imported now: for tests that run operations concurrently in one process, since jest
 * refuses an import() made while it is between two of its tests (a case still running when another has ended).
 * Only the areas whose modules were imported before (the registry's); how many it loaded.
 */
export async function loadEveryArea(): Promise<number> {
  await Promise.all(areaLoaders.map((load) => load()));
  return areaLoaders.length;
}

/** Checks a module's shape at compile time while keeping its precise option types. */
export function defineOperation<U extends Record<string, InputUse>, C extends ClientKind>(
  module: OperationModule<U, C>,
): OperationModule<U, C> {
  if (!module.resultFile || module.outputs.includes('result-file')) return module;
  return { ...module, outputs: [...module.outputs, 'result-file'] };
}

/** The inputs the adapters read for every operation of a client kind, and for the step itself. */
const CLIENT_INPUTS: Record<ClientKind, readonly InputName[]> = {
  'resource-manager': [
    'base-url',
    'access-token',
    'auth-url',
    'tenant-id',
    'client-id',
    'client-secret',
    'oidc-audience',
    'scope',
  ],
  'app-management': ['api-url', 'api-token'],
  // Reads files, sends no request (erp-report): no address, no sign-in.
  none: [],
};
const STEP_INPUTS: readonly InputName[] = ['timeout', 'request-timeout', 'summary'];

/** Every input an operation reads, in the vocabulary's order: its flags, and its rows in --help. */
export function inputsOf(module: OperationModule): InputName[] {
  const read = new Set<InputName>([
    ...CLIENT_INPUTS[module.client],
    ...STEP_INPUTS,
    ...(module.polls ? (['poll-interval'] as const) : []),
    ...(module.plans ? (['dry-run'] as const) : []),
    ...Object.values(module.inputs).map((use) => use.input),
  ]);
  return (Object.keys(INPUTS) as InputName[]).filter((name) => name !== 'operation' && read.has(name));
}

/** The operation's use of an input, where it reads it as its own (not as a client or step input). */
export function useOf(module: OperationModule, input: InputName): InputUse | undefined {
  return Object.values(module.inputs).find((use) => use.input === input);
}
