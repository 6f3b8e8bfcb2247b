/**
 * The fixed cases of `npm run summaries`: each step run by the bundle against the emulator (as a runner would run
 * it), except the whole window, whose steps and times are written out (a window of hours cannot be waited for).
 */
import type { Scenario } from '../../src/emulator/index.js';
import { renderSummary } from '../../src/action/summary/render.js';
import { viewOfResult } from '../../src/runtime/view/view.js';
import type { OperationResult } from '../../src/operations/types.js';

export interface Case {
  name: string;
  title: string;
  /** The scenario the emulator serves for this case. */
  scenario?: Scenario;
  inputs?: (url: string) => Record<string, string>;
  /** A summary written out, where no run can give it. */
  summary?: () => string;
}

const SUB = '00000000-0000-4000-8000-000000000001';
const token = { 'access-token': 'emu-access-token' };
const erp =
  (operation: string, instances: string, extra: Record<string, string> = {}) =>
  (url: string) => ({
    'base-url': url,
    ...token,
    operation,
    'subscription-id': SUB,
    'resource-group': 'rg-erp',
    'erp-virtual-instance': instances,
    'poll-interval': '1',
    ...extra,
  });
const FLEET: Scenario = {
  erp: {
    instances: {
      X01: {},
      X02: {},
      X03: { status: 'Offline', health: 'Unknown' },
      X05: {
        status: 'Offline',
        health: 'Unknown',
        start: { endStatus: 'PartiallyRunning', endHealth: 'Degraded' },
      },
      X08: { steps: [{ status: 'InProgress', percentComplete: 30 }] },
    },
  },
};

/** A whole-system window of three systems, as `instances[].steps` gives it (contract: whole-system). */
function windowSummary(): string {
  const step = (
    name: string,
    target: string,
    seconds: number,
    outcome = 'stopped',
    before = 'Running',
    after = 'Offline',
  ) => ({ step: name, target, before, after, outcome, seconds });
  const system = (name: string, db: string, times: number[]) => ({
    name,
    before: 'Running',
    after: 'Offline',
    health: 'Unknown',
    outcome: 'stopped',
    steps: [
      step('application stop', name, times[0]!),
      step('database stop', db, times[1]!),
      step('application machines', name, times[2]!, 'stopped', 'Offline', 'Offline'),
      step('database machines', db, times[3]!, 'stopped', 'Offline', 'Offline'),
    ],
  });
  const instances = [
    system('PR1', 'HDB-PR1', [312, 540, 95, 120]),
    system('QA1', 'HDB-QA1', [188, 301, 80, 97]),
    system('DV1', 'HDB-DV1', [96, 240, 71, 88]),
  ];
  const total = (i: (typeof instances)[number]) => i.steps.reduce((s, x) => s + x.seconds, 0);
  const format = (s: number) => `${Math.floor(s / 60)} min ${s % 60} s`;
  const result: OperationResult = {
    outputs: { instances, 'operation-status': 'Succeeded', 'operation-urls': [] },
    summary: [
      {
        title: 'erp-stop',
        context: [
          ['subscription', SUB],
          ['resource group', 'rg-erp'],
        ],
        header: ['erp virtual instance', 'status before', 'what was done', 'status after', 'duration'],
        rows: instances.map((i) => [
          i.name,
          'Running',
          'whole system stopped, machines deallocated',
          'Offline',
          format(total(i)),
        ]),
      },
    ],
  };
  return renderSummary(viewOfResult('erp-stop', result), Date.UTC(2026, 10, 22, 3, 0, 0));
}

export const CASES: Case[] = [
  { name: 'window', title: 'erp-stop, whole system, three systems', summary: windowSummary },
  {
    name: 'success',
    title: 'erp-stop of three systems',
    scenario: FLEET,
    inputs: erp('erp-stop', 'X01, X02, X03'),
  },
  {
    name: 'false-success',
    title: 'erp-start, a false success',
    scenario: FLEET,
    inputs: erp('erp-start', 'X05'),
  },
  {
    name: 'timeout',
    title: 'erp-stop, cut short by its timeout',
    scenario: FLEET,
    inputs: erp('erp-stop', 'X01, X08', { timeout: '3' }),
  },
  {
    name: 'dry-run',
    title: 'erp-stop, a dry run',
    scenario: FLEET,
    inputs: erp('erp-stop', 'X01, X02, X03', { 'dry-run': 'true', 'soft-stop-timeout-seconds': '300' }),
  },
  {
    name: 'dataset-failure',
    title: 'wait-for-sync, a failed dataset',
    scenario: {
      dataShare: {
        synchronizations: [
          {
            synchronizationId: 'sync-failed',
            synchronizationMode: 'FullSync',
            status: 'Failed',
            startTime: '2026-11-22T02:00:00Z',
            endTime: '2026-11-22T02:04:10Z',
            durationMs: 250000,
            message: 'One or more datasets failed.',
            details: [
              {
                name: 'orders',
                dataSetType: 'AdlsGen2File',
                status: 'Failed',
                message: 'The source path /sales/orders.parquet was not found.',
              },
              { name: 'customers', dataSetType: 'AdlsGen2File', status: 'Succeeded' },
            ],
          },
        ],
      },
    },
    inputs: (url) => ({
      'base-url': url,
      ...token,
      operation: 'wait-for-sync',
      'subscription-id': SUB,
      'resource-group': 'rg-data',
      'account-name': 'consumer',
      'share-subscription': 'sales',
      'synchronization-id': 'sync-failed',
    }),
  },
  {
    name: 'image-missing',
    title: 'check-image-cached, an image not cached',
    scenario: {
      cachedImages: {
        regions: {
          westeurope: [
            { image: 'docker.io/library/nginx:latest', osType: 'Linux' },
            { generate: 40, prefix: 'filler/linux' },
          ],
        },
      },
    },
    inputs: (url) => ({
      'base-url': url,
      ...token,
      operation: 'check-image-cached',
      'subscription-id': SUB,
      location: 'westeurope',
      image: 'nginx\nredis:7',
      'fail-if-missing': 'true',
    }),
  },
];
