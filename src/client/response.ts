/** A response as the client hands it on: a leaf type, so the error-body reader and the client share it without a cycle. */
export interface HttpResponse {
  status: number;
  /** Lower-case names. */
  headers: Record<string, string>;
  text: string;
  url: URL;
  requestId?: string;
  correlationId?: string;
  /** The client's debug lines: what reading the body notices (a reported field read as unknown) goes there. */
  debug?: (line: string) => void;
}

/** A body read leniently: its JSON, or undefined where it is empty or not JSON (parseBody is the strict reader). */
export function jsonOf(response: HttpResponse): unknown {
  if (response.text.trim() === '') return undefined;
  try {
    return JSON.parse(response.text);
  } catch {
    return undefined;
  }
}
