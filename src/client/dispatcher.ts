import { createSecureContext } from 'node:tls';
import { EnvHttpProxyAgent, type Dispatcher } from 'undici';

export interface DispatcherOptions {
  /** Bounds connecting, waiting for headers, and each gap in the body. */
  requestTimeoutMs: number;
}

/**
 * One keep-alive dispatcher for the whole run. EnvHttpProxyAgent reads HTTPS_PROXY, HTTP_PROXY and NO_PROXY
 * (either case), so a runner behind a proxy works without settings of ours. Its connections share one default TLS
 * context (the system's roots and NODE_EXTRA_CA_CERTS, as each would build alone), built once rather than per
 * handshake.
 *
 * HTTP/1.1 only: the emulator speaks it and every test runs on it, where a failure is told apart as "never reached
 * the service" or "the effect is unknown". undici 8 offers h2 by default, and holds an origin's other requests
 * until its first connection has negotiated. Figures for both: docs/benchmark.md, the fan-out's wall time.
 */
export function createDispatcher({ requestTimeoutMs }: DispatcherOptions): Dispatcher {
  return new EnvHttpProxyAgent({
    connect: { timeout: requestTimeoutMs, secureContext: createSecureContext() },
    headersTimeout: requestTimeoutMs,
    bodyTimeout: requestTimeoutMs,
    keepAliveTimeout: 30_000,
    allowH2: false,
  });
}

let waitForClose = true;

/**
 * For an entry whose process ends as soon as its one run returns (the action): closeDispatcher then starts closing
 * the sockets without waiting for them. The process still ends only once they are closed, so nothing is cut off;
 * the run just does not sit idle while they close, and the outputs and summary are written meanwhile (a small
 * gain: docs/benchmark.md, "Start-up, before and after issue 16").
 * The command line and in-process callers keep the default: closeDispatcher resolves once every socket is closed.
 */
export function dontWaitForDispatcherClose(): void {
  waitForClose = false;
}

/** Ends the run's keep-alive sockets, which would otherwise hold the process open after the step is done. */
export async function closeDispatcher(dispatcher: Dispatcher | undefined): Promise<void> {
  const closing = dispatcher?.destroy();
  // Not awaited, a failure to close has no one to report to; the process ends all the same.
  if (waitForClose) await closing;
  else closing?.catch(() => {});
}
