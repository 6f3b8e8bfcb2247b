import { required, withDefault, type ClientOptions, type OptionsOf } from '../module.js';
import { operationEntries } from './operation-entries.js';

/** wait-for-operation's inputs: beside its declaration, apart from its run (resume.ts), which loads when it runs. */
export const WAIT_INPUTS = {
  /** Absolute URLs, bare or named by the operations output ({target, verb, url}). */
  operationUrl: required('operation-url', operationEntries),
  maxParallel: withDefault('max-parallel'),
  /** false: a peek, each operation read once and reported; a running one stays in operation-urls. */
  wait: withDefault('wait'),
  verify: withDefault('verify'),
};

export type WaitForOperationOptions = OptionsOf<typeof WAIT_INPUTS> & ClientOptions<'resource-manager'>;
