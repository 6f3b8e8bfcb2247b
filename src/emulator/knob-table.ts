import type * as z from 'zod/mini';
import { KNOB_DOCS } from './knob-docs.js';
import { scenarioSchema } from './scenario-schema.js';

/** One knob of the scenario file: where it is, what it takes. */
export interface Knob {
  path: string;
  form: string;
}

type Def = {
  type: string;
  shape?: Record<string, z.ZodMiniType>;
  innerType?: z.ZodMiniType;
  element?: z.ZodMiniType;
  valueType?: z.ZodMiniType;
  options?: z.ZodMiniType[];
  getter?: () => z.ZodMiniType;
  entries?: Record<string, string>;
  values?: unknown[];
};
const defOf = (schema: z.ZodMiniType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Paths whose knobs are another's, said once in their own row: the start's knobs, the defaults. */
const SAME_AS = new Set([
  'erp.defaults',
  'erp.parts.defaults',
  'erp.instances.<name>.start',
  'dataShare.starts[].details',
  'dataShare.starts[].generatedDetails',
]);

/** What a value takes, in a few words: `string`, `200 or 202`, `list of …`, `object`. */
function formOf(schema: z.ZodMiniType): string {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
      return formOf(def.innerType!);
    case 'nullable':
      return `${formOf(def.innerType!)} or \`null\``;
    case 'lazy':
      return formOf(def.getter!());
    case 'enum':
      return Object.values(def.entries!)
        .map((v) => `\`${v}\``)
        .join(' or ');
    case 'literal':
      return def.values!.map((v) => `\`${typeof v === 'string' ? v : JSON.stringify(v)}\``).join(' or ');
    case 'array':
      return `list of ${formOf(def.element!)}`;
    case 'record':
      return `map of name → ${formOf(def.valueType!)}`;
    case 'union':
      return [...new Set(def.options!.map(formOf))].join(' or ');
    case 'object':
      return 'object';
    case 'int':
      return 'integer';
    default:
      return def.type;
  }
}

/** Every knob of the schema, depth first, in the schema's order. */
export function knobsOf(
  schema: z.ZodMiniType = scenarioSchema,
  path = '',
  seen = new Set<unknown>(),
): Knob[] {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
      return knobsOf(def.innerType!, path, seen);
    case 'lazy': {
      // A schema within itself (an error's details): its knobs are listed once.
      if (seen.has(schema)) return [];
      return knobsOf(def.getter!(), path, new Set([...seen, schema]));
    }
    case 'array':
      return knobsOf(def.element!, `${path}[]`, seen);
    case 'record':
      return knobsOf(def.valueType!, `${path}.<name>`, seen);
    case 'union': {
      // The options' knobs together; one path in several options takes what each takes (`user` or `app`).
      const merged = new Map<string, Set<string>>();
      for (const k of def.options!.flatMap((o) => knobsOf(o, path, seen)))
        merged.set(k.path, (merged.get(k.path) ?? new Set()).add(k.form));
      return [...merged].map(([p, forms]) => ({ path: p, form: [...forms].join(' or ') }));
    }
    case 'object':
      return Object.entries(def.shape!).flatMap(([key, value]) => {
        const here = path ? `${path}.${key}` : key;
        const own = { path: here, form: formOf(value) };
        if (SAME_AS.has(here) || !path)
          return [...(path ? [own] : []), ...(SAME_AS.has(here) ? [] : knobsOf(value, here, seen))];
        const inner = knobsOf(value, here, seen);
        return inner.length > 0 ? [own, ...inner] : [own];
      });
    default:
      return [];
  }
}

const cell = (text: string) => text.replace(/\|/g, '\\|');

/** The table of the emulator's knobs in docs/emulator.md: every knob of the schema with its description. */
export function renderKnobTable(): string {
  const lines = ['| knob | takes | what it does |', '|---|---|---|'];
  for (const { path, form } of knobsOf()) {
    lines.push(`| \`${path}\` | ${cell(form)} | ${cell(KNOB_DOCS[path] ?? '')} |`);
  }
  return lines.join('\n');
}
