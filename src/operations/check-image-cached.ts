import type { HttpClient } from '../client/http.js';
import { notImplemented } from './not-implemented.js';
import type { OperationContext, OperationResult } from './types.js';

export interface CheckImageCachedOptions {
  baseUrl: URL;
  apiVersion: string;
  subscriptionId: string;
  location: string;
  images: string[];
  osType?: 'Linux' | 'Windows';
  failIfMissing: boolean;
}

export async function checkImageCached(
  _options: CheckImageCachedOptions,
  _client: HttpClient,
  _ctx: OperationContext,
): Promise<OperationResult> {
  notImplemented('check-image-cached');
}
