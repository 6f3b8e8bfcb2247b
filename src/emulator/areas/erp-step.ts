/** Area C's error detail, as the service nests it in a failed operation. */
export interface ErpErrorDetail {
  code?: string;
  message?: string;
  target?: string;
  details?: ErpErrorDetail[];
  additionalInfo?: { type?: string; info?: unknown }[];
}

/** One state of an operation: what one response that carries a status says. */
export interface ErpStep {
  status: string;
  percentComplete?: number;
}
