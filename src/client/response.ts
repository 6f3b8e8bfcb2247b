/** A response as the client hands it on: a leaf type, so the error-body reader and the client share it without a cycle. */
export interface HttpResponse {
  status: number;
  /** Lower-case names. */
  headers: Record<string, string>;
  text: string;
  url: URL;
  requestId?: string;
  correlationId?: string;
}
