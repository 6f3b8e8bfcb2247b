import type { Clock } from '../../src/client/clock.js';
import { HttpClient, type HttpClientOptions, type HttpTransport } from '../../src/client/http.js';

/** What a fake service is shown of one request, as it left the client. */
export interface WireCall {
  method: string;
  url: URL;
  /** The JSON body, parsed; undefined for none. */
  json: unknown;
  headers: Record<string, string>;
}

/** Its answer: a status, a JSON body (or raw text), headers. */
export interface FakeAnswer {
  status: number;
  json?: unknown;
  text?: string;
  headers?: Record<string, string>;
}

export type FakeService = (call: WireCall) => FakeAnswer | Promise<FakeAnswer>;

/** An error body as the resource manager sends it: `{ error: { code } }`. */
export const errorAnswer = (
  status: number,
  code: string,
  headers: Record<string, string> = {},
): FakeAnswer => ({
  status,
  json: { error: { code } },
  headers,
});

/** The body as the client reads it (chunks, and destroy on a refusal): one chunk, no stream machinery. */
function bodyOf(bytes: Buffer): AsyncIterable<Buffer> & { destroy(): void } {
  return {
    async *[Symbol.asyncIterator]() {
      yield bytes;
    },
    destroy() {},
  };
}

/** The wire below the client, played by `service`: the test seam below the client (HttpTransport). */
export function fakeTransport(service: FakeService): HttpTransport {
  return {
    async request(request) {
      const url = new URL(request.path, request.origin);
      const json =
        request.body !== undefined && request.headers['content-type'] === 'application/json'
          ? (JSON.parse(request.body) as unknown)
          : undefined;
      const answer = await service({ method: request.method, url, json, headers: request.headers });
      const text = answer.text ?? (answer.json === undefined ? '' : JSON.stringify(answer.json));
      return {
        statusCode: answer.status,
        headers: { ...answer.headers, 'content-length': String(Buffer.byteLength(text)) },
        body: bodyOf(Buffer.from(text)),
      };
    },
  };
}

/** A real client over the fake wire: every rule of the client (intent, retries, the error body) runs as in a step. */
export function clientOver(
  service: FakeService,
  options: { origin: string; clock: Clock } & Partial<HttpClientOptions>,
): HttpClient {
  return new HttpClient({ ...options, dispatcher: fakeTransport(service) });
}
