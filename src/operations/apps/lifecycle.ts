import { ServiceError } from '../../client/errors.js';

/** The app-management service's published lifecycle (spec, Versioning). */
const RETIRED_ON = Date.UTC(2025, 2, 31);
const ANALYTICS_UNTIL = Date.UTC(2026, 5, 30);

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The warning every area D run shows; phrased for the day it runs, so it never reads as if retirement were ahead. */
export function lifecycleNotice(now: number): string {
  const lead = 'The app-management API is at the end of its life: ';
  if (now < RETIRED_ON) {
    return (
      `${lead}the service is to be retired on 31 March 2025, apart from its analytics and diagnostics features, ` +
      'which stay supported until 30 June 2026. Plan a replacement for this step.'
    );
  }
  if (now <= ANALYTICS_UNTIL) {
    return (
      `${lead}the service was retired on 31 March 2025; only its analytics and diagnostics features stay supported, ` +
      `until 30 June 2026 (today is ${day(now)}). User management is not among them: this step may stop ` +
      'working at any time. Plan a replacement.'
    );
  }
  return (
    `${lead}the service was retired on 31 March 2025, and its analytics and diagnostics features were supported ` +
    `only until 30 June 2026; today (${day(now)}) is past both dates. This step may stop working at any time: ` +
    'plan a replacement.'
  );
}

export const RETIREMENT_HINT =
  'The likely cause: the app-management service was retired on 31 March 2025 (analytics and diagnostics ' +
  'until 30 June 2026) and no longer answers here. If api-url points to a service that should still run, check ' +
  'the address (the base, without /v0.1) and the network.';

/** A network failure (DNS, refused, unreachable, timed out) of an area D call: retirement is the likely cause. */
export function withRetirementHint(error: unknown): unknown {
  if (error instanceof ServiceError && error.code === 'NetworkError' && !error.hint) {
    return error.withHint(`The service could not be reached. ${RETIREMENT_HINT}`);
  }
  return error;
}
