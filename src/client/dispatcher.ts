import { EnvHttpProxyAgent, type Dispatcher } from 'undici';

export interface DispatcherOptions {
  /** Bounds connecting, waiting for headers, and each gap in the body. */
  requestTimeoutMs: number;
}

/**
 * One keep-alive dispatcher for the whole run. EnvHttpProxyAgent reads HTTPS_PROXY, HTTP_PROXY and NO_PROXY
 * (either case), so a runner behind a proxy works without settings of ours.
 */
export function createDispatcher({ requestTimeoutMs }: DispatcherOptions): Dispatcher {
  return new EnvHttpProxyAgent({
    connect: { timeout: requestTimeoutMs },
    headersTimeout: requestTimeoutMs,
    bodyTimeout: requestTimeoutMs,
    keepAliveTimeout: 30_000,
  });
}
