import type { HttpClient } from '../client/http.js';
import { notImplemented } from './not-implemented.js';
import type { OperationContext, OperationResult } from './types.js';

export interface WaitForOperationOptions {
  operationUrl: string;
}

export async function waitForOperation(
  _options: WaitForOperationOptions,
  _client: HttpClient,
  _ctx: OperationContext,
): Promise<OperationResult> {
  notImplemented('wait-for-operation');
}
