/** A GitHub workflow as the examples' tests read it (js-yaml's parse of examples/*.yml and the README's window). */
export interface Step {
  id?: string;
  if?: string;
  run?: string;
  uses?: string;
  with?: Record<string, unknown>;
}
export interface Job {
  if?: string;
  permissions?: Record<string, string>;
  concurrency?: { group?: string };
  environment?: string;
  needs?: string | string[];
  outputs?: Record<string, string>;
  strategy?: { matrix?: unknown };
  steps?: Step[];
}
export interface Workflow {
  on: { schedule?: { cron: string }[] };
  permissions?: Record<string, string>;
  jobs: Record<string, Job>;
}
