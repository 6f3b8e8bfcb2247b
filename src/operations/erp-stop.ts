import type { HttpClient } from '../client/http.js';
import { notImplemented } from './not-implemented.js';
import type { OperationContext, OperationResult } from './types.js';

export interface ErpStopOptions {
  baseUrl: URL;
  apiVersion: string;
  subscriptionId: string;
  resourceGroup: string;
  erpVirtualInstances: string[];
  softStopTimeoutSeconds: number;
  hardStopFallback: boolean;
  maxParallel: number;
  wait: boolean;
}

export async function erpStop(
  _options: ErpStopOptions,
  _client: HttpClient,
  _ctx: OperationContext,
): Promise<OperationResult> {
  notImplemented('erp-stop');
}
