import type { IdTokenScenario } from './sign-in.js';
import type { ClientCredential } from './sign-in-routes.js';
import type { WriteBucketOptions } from './write-bucket.js';

/** The emulator's own settings (the scenario file's `emulator` section): where it listens, sign-in, limits. */
export interface EmulatorOptions {
  host?: string;
  port?: number;
  secondPort?: number;
  /** Lifetime of issued access tokens. */
  tokenLifetimeSeconds?: number;
  accessTokens?: string[];
  clients?: ClientCredential[];
  oidcRequestToken?: string;
  /** The resource manager's write limit per subscription (write-bucket.ts); absent: no limit. */
  writeBucket?: WriteBucketOptions;
  /** Its read limit per subscription (every GET under `/subscriptions/`; the vendor's: 250, 25/s); absent: none. */
  readBucket?: WriteBucketOptions;
  /**
   * The token endpoint refuses every grant with this error number, in the directory's body shape (`error`,
   * `error_description` starting with the prefixed number, `error_codes`, trace and correlation ids): one of
   * 70021, 700211, 700212, 700213, 7002138, 70025, 700016, 7000215, 90002, 700024 (sign-in.ts).
   */
  tokenError?: number;
  /** The claims of the runner's ID tokens the OIDC endpoint issues (sign-in.ts), e.g. `{ "environment": "prod" }`. */
  idToken?: IdTokenScenario;
}
