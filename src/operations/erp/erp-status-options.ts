/** erp-status's options, in their own file so erp-status.ts and parts/status.ts both import them downward. */
export interface ErpStatusOptions {
  baseUrl: URL;
  apiVersion: string;
  subscriptionId?: string;
  resourceGroup?: string;
  erpVirtualInstances: string[];
  maxParallel: number;
  expectStatus?: string;
  /** true: the database instances are read too (parts/status.ts). */
  wholeSystem?: boolean;
}
