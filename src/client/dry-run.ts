/** A request that would change something, as a dry run shows it: the URL keeps no query but api-version. */
export interface PlannedRequest {
  method: string;
  url: string;
  /** The JSON body it would carry; absent for none. */
  body?: unknown;
}

/**
 * Raised by the client in a dry run instead of sending a request that changes something. The check lives in the
 * client, keyed on the request's intent, so no operation can send a change by forgetting an `if`; an operation
 * catches it where it would have acted and reports the planned effect instead.
 */
export class PlannedChange extends Error {
  readonly request: PlannedRequest;
  constructor(request: PlannedRequest) {
    super(`dry run: ${describePlanned(request)} was not sent`);
    this.request = request;
    this.name = 'PlannedChange';
  }
}

export function plannedRequest(method: string, url: URL, json: unknown): PlannedRequest {
  return { method, url: planUrl(url), ...(json === undefined ? {} : { body: json }) };
}

/** The URL without user info and without any query but api-version (a signature never reaches a plan). */
export function planUrl(url: URL): string {
  const shown = new URL(url.origin + url.pathname);
  const apiVersion = url.searchParams.get('api-version');
  if (apiVersion !== null) shown.searchParams.set('api-version', apiVersion);
  return shown.href;
}

/** `POST https://…/stop?api-version=… {"softStopTimeoutSeconds":300}`: the words of a `dry run: would …` line. */
export function describePlanned(request: PlannedRequest): string {
  const body = request.body === undefined ? '' : ` ${JSON.stringify(request.body)}`;
  return `${request.method} ${request.url}${body}`;
}
