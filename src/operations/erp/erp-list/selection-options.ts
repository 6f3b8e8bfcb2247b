import type { HttpClient } from '../../../client/http.js';
import type { OperationContext, OperationResult } from '../../types.js';
import type { ResultSelection } from './from-result.js';
import type { Environment, TagRule } from './selection.js';

/** Where and what to select: the subscription (and resource group) the operation reads, and the selection. */
export interface SelectionOptions {
  baseUrl: URL;
  apiVersion?: string;
  subscriptionId?: string[];
  resourceGroup?: string[];
  erpVirtualInstances?: string[];
  tags?: TagRule[];
  environment?: Environment;
  failIfEmpty?: boolean;
  fromResult?: ResultSelection;
}

/** What the operation itself reads of where its instances live: one subscription and resource group. */
export type Where = 'erpVirtualInstances' | 'subscriptionId' | 'resourceGroup';

export type Run<O> = (options: O, client: HttpClient, ctx: OperationContext) => Promise<OperationResult>;
