import type { Parser } from './input-parser.js';

/** One input of the contract: its meaning, its default as a user would write it, and its parser. */
export interface InputDefinition<T = unknown> {
  description: string;
  /** The default as a user would write it; absent means "none". An operation may give its own. */
  default?: string;
  /** Masked the moment it is read. */
  secret?: boolean;
  parse: Parser<T>;
}

export const def = <T>(d: InputDefinition<T>) => d;
