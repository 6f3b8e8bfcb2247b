/** A parser's answer: the value, or what the input accepts (the shape zod's `safeParse` gives, which callers knew). */
export type ParseResult<T> =
  | { success: true; data: T; error?: undefined }
  | { success: false; data?: undefined; error: { issues: { message: string }[] } };

/**
 * Each parser reads the raw text of one input; its error message says what the input accepts. A plain function
 * with zod's `parse`/`safeParse` surface rather than a zod pipe: an input is text, not a shape, and the 21 pipes
 * (63 schemas) cost more start-up than the rest of the inputs' reading (docs/benchmark.md, "The action's own
 * start-up").
 */
export class Parser<T> {
  private readonly read: (text: string) => T;
  constructor(read: (text: string) => T) {
    this.read = read;
  }

  safeParse(text: string): ParseResult<T> {
    try {
      return { success: true, data: this.read(text) };
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      return { success: false, error: { issues: [{ message: error.message }] } };
    }
  }

  /** The value, or a thrown Error with what the input accepts. */
  parse(text: string): T {
    const result = this.safeParse(text);
    if (result.success) return result.data;
    throw new Error(result.error.issues[0]!.message);
  }
}

/** The type a parser reads its text to. */
export type ParsedBy<P> = P extends Parser<infer T> ? T : never;

/** Thrown by a read to refuse the text, with what the input accepts. */
class Refusal {
  readonly message: string;
  constructor(message: string) {
    this.message = message;
  }
}

export function refuse(message: string): never {
  throw new Refusal(message);
}

/** A parser from a function of the text; `refuse` inside it becomes the input's error message. */
export function parser<T>(read: (text: string) => T): Parser<T> {
  return new Parser(read);
}
