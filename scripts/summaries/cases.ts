/** The fixed cases of `npm run summaries`: each step run by the bundle against the emulator, as a runner runs it. */
import type { Scenario } from '../../src/emulator/index.js';
import { windowReportInputs } from './window-report.js';

export interface Case {
  name: string;
  title: string;
  /** The scenario the emulator serves for this case. */
  scenario?: Scenario;
  inputs: (url: string) => Record<string, string>;
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

/**
 * A whole-system window of three systems, run as any other case: each part's operation takes a few seconds on the
 * emulator (a window of hours cannot be waited for), PR1's the longest, so the timeline shows the order and the
 * overlap of a real run.
 */
const WINDOW: Scenario = {
  erp: {
    instances: {
      PR1: { durationMs: 3_000, retryAfter: '1' },
      QA1: { durationMs: 2_000, retryAfter: '1' },
      DV1: { durationMs: 1_000, retryAfter: '1' },
    },
    parts: {
      systems: {
        PR1: { databases: [{ name: 'HDB-PR1' }], durationMs: 4_000, retryAfter: '1' },
        QA1: { databases: [{ name: 'HDB-QA1' }], durationMs: 3_000, retryAfter: '1' },
        DV1: { databases: [{ name: 'HDB-DV1' }], durationMs: 2_000, retryAfter: '1' },
      },
    },
  },
};

export const CASES: Case[] = [
  {
    name: 'window',
    title: 'erp-stop, whole system, three systems',
    scenario: WINDOW,
    inputs: erp('erp-stop', 'PR1, QA1, DV1', { 'whole-system': 'true', 'deallocate-vm': 'true' }),
  },
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
  { name: 'window-report', title: 'erp-report, a window of 60 systems', inputs: windowReportInputs },
];
