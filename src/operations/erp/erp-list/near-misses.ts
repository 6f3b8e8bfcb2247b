import { closeMiss, closeMissWarning, type Selectable } from './close-misses.js';
import { hasTags, type Selection, type TagRule } from './selection.js';

/** Values of one tag's name a line shows; past them, counted. */
const VALUES_SHOWN = 10;

/** A carried value as a person can read it: quoted where it is empty or has space around it. */
const valueShown = (value: string) =>
  value === '' || value !== value.trim() ? JSON.stringify(value) : value.slice(0, 80);

const ruleShown = (rule: TagRule) => (rule.value === undefined ? rule.name : `${rule.name}=${rule.value}`);

/**
 * What a listing saw of each part of a selection, system by system, to say why it selected nothing or fewer than
 * carry the tag: close misses (case, space), the values each tag's name carries, how many matched each part.
 */
export class NearMisses {
  private readonly selection: Selection;
  private readonly rules: readonly TagRule[];
  private readonly close: { name: string; carries: string }[] = [];
  /** Per tag rule: how many systems match it alone, and the values carried under its name. */
  private readonly matched: number[];
  private readonly values: Map<string, number>[];
  private readonly environments = new Map<string, number>();
  private environmentMatched = 0;
  private listed = 0;

  constructor(selection: Selection) {
    this.selection = selection;
    this.rules = selection.tags ?? [];
    this.matched = this.rules.map(() => 0);
    this.values = this.rules.map(() => new Map());
  }

  /** One system the listing showed, selected or not. */
  see(system: Selectable, selected: boolean): void {
    this.listed++;
    for (const [i, rule] of this.rules.entries()) {
      if (hasTags(system.tags, [rule])) this.matched[i]!++;
      for (const [name, value] of Object.entries(system.tags ?? {})) {
        if (name.toLowerCase() === rule.name.toLowerCase()) count(this.values[i]!, value);
      }
    }
    const env = system.environment ?? 'none';
    count(this.environments, env);
    if (env === this.selection.environment) this.environmentMatched++;
    if (selected) return;
    const carries = closeMiss(system, this.selection);
    if (carries) this.close.push({ name: system.name, carries });
  }

  /**
   * The near misses, a sentence each, for the log and the summary alike: the close misses whenever there are
   * some; where nothing was selected, also what each part asked matched and what the systems carry instead.
   */
  lines(selected: number): string[] {
    const lines: string[] = [];
    const warning = closeMissWarning(this.close);
    if (warning) lines.push(warning);
    if (selected > 0) return lines;
    if (this.listed === 0) return [...lines, 'The listing showed no system at all in the scope given.'];
    for (const [i, rule] of this.rules.entries()) {
      const line = this.ruleLine(rule, this.matched[i]!, this.values[i]!);
      if (line) lines.push(line);
    }
    const env = this.selection.environment;
    if (env !== undefined && this.environmentMatched === 0) {
      lines.push(
        `No system listed is of environment ${env}; the environments listed: ${counted(this.environments)}.`,
      );
    }
    const parts = this.rules.length + (env === undefined ? 0 : 1);
    if (parts > 1) {
      const each = this.rules.map((rule, i) => `${ruleShown(rule)} ${this.matched[i]}`);
      if (env !== undefined) each.push(`environment ${env} ${this.environmentMatched}`);
      lines.push(
        `Of the ${this.listed} system(s) listed, each part matched: ${each.join(', ')}; all together, none.`,
      );
    }
    return lines;
  }

  private ruleLine(rule: TagRule, matched: number, values: Map<string, number>): string | undefined {
    const carried =
      values.size === 0
        ? `no system listed carries the tag ${rule.name}`
        : `the values of ${rule.name} listed: ${counted(values)}`;
    if (rule.value === '') {
      return `Tag ${rule.name}= was read with an empty value (a variable that was not set?); ${carried}.`;
    }
    if (matched > 0) return undefined;
    if (rule.value === undefined) return `No system listed carries the tag ${rule.name}.`;
    return `No system listed carries ${ruleShown(rule)}: ${carried}.`;
  }
}

function count(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

/** `sunday (3), "" (1)`, the most carried first. */
function counted(map: Map<string, number>): string {
  const sorted = [...map].sort((a, b) => b[1] - a[1]);
  const shown = sorted.slice(0, VALUES_SHOWN).map(([value, n]) => `${valueShown(value)} (${n})`);
  const more = sorted.length > VALUES_SHOWN ? ` and ${sorted.length - VALUES_SHOWN} more` : '';
  return `${shown.join(', ')}${more}`;
}
