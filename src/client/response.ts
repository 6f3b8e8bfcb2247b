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
