/*
 * What the bundles take for `@actions/http-client` and `@actions/exec` (src/tsconfig.json's `paths`): @actions/core
 * imports both at its top, for its OIDC client and its `platform` details, though a step calls them only for OIDC
 * sign-in (`core.getIDToken`) and never for the other. Each stand-in evaluates the real package when first called,
 * so a step no longer evaluates them (with tunnel and @actions/io) at every start-up. webpack's `eager` mode keeps
 * them in the entry: as chunks, ncc's licenses.txt would lose the entry's packages.
 * Why and how much: docs/benchmark.md, "The start-up levers"; __tests__/unit/action/start-up/core-imports.test.ts
 * holds each stand-in to what @actions/core calls.
 */
import type { OutgoingHttpHeaders } from 'node:http';
import type * as RealExec from '../../../node_modules/@actions/exec/lib/exec.js';
import type * as RealHttpClient from '../../../node_modules/@actions/http-client/lib/index.js';
import type { TypedResponse } from '../../../node_modules/@actions/http-client/lib/interfaces.js';

// File paths, not the packages' names: `paths` would send those back here. `eager`: no chunk, no request.
const realHttpClient = (): Promise<typeof RealHttpClient> =>
  import(/* webpackMode: "eager" */ '../../../node_modules/@actions/http-client/lib/index.js');
const realExec = (): Promise<typeof RealExec> =>
  import(/* webpackMode: "eager" */ '../../../node_modules/@actions/exec/lib/exec.js');

type ClientArgs = ConstructorParameters<typeof RealHttpClient.HttpClient>;

/** @actions/http-client's client as @actions/core's OIDC client uses it: made, then one `getJson`. */
export class HttpClient {
  private readonly args: ClientArgs;

  constructor(...args: ClientArgs) {
    this.args = args;
  }

  async getJson<T>(requestUrl: string, additionalHeaders?: OutgoingHttpHeaders): Promise<TypedResponse<T>> {
    const real = new (await realHttpClient()).HttpClient(...this.args);
    return real.getJson<T>(requestUrl, additionalHeaders);
  }
}

/** @actions/exec's two functions, which @actions/core's `platform` calls for its details. */
export const exec: typeof RealExec.exec = async (...args) => (await realExec()).exec(...args);
export const getExecOutput: typeof RealExec.getExecOutput = async (...args) =>
  (await realExec()).getExecOutput(...args);
