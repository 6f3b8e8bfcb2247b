import { bytes, median, mib, ms, verdict, x, type Figures, type ReportInfo, type Row } from '../figures.js';

/** Figure 1, start-up: the references, then issue 16's and issue 27's targets, the levers and the bundle. */
export function startupRows(f: Figures, info: ReportInfo): Row[] {
  return [
    ...referenceRows(f, info),
    ...targetRows(f, info),
    ...sdkRows(f, info),
    ...leverRows(f, info),
    ...bundleRows(info),
  ];
}

function referenceRows({ m }: Figures, info: ReportInfo): Row[] {
  const floorWall = m('floor', 'wallMs');
  const floorRss = m('floor', 'rssKiB');
  const fr = 'floor + requests';
  const fz = 'floor + zod';
  return [
    [
      '1',
      '`node -e 0`: wall, peak RSS',
      `${ms(m('node -e 0', 'wallMs'))}, ${mib(m('node -e 0', 'rssKiB'))}`,
      'reference',
      '',
    ],
    [
      '1',
      'floor (`@actions/core` + one input): wall, peak RSS, bundle',
      `${ms(floorWall)}, ${mib(floorRss)}, ${bytes(info.floorBytes)}`,
      'reference',
      '',
    ],
    [
      '1',
      'floor + GETs: the floor plus the same 3 GETs over undici, JSON.parse, the same outputs and a job summary, no validation: wall, peak RSS, bundle',
      `${ms(m(fr, 'wallMs'))} = ${x(m(fr, 'wallMs') / floorWall)} floor, ${mib(m(fr, 'rssKiB'))} = ${x(m(fr, 'rssKiB') / floorRss)} floor, ${bytes(info.floorRequestsBytes)}`,
      'reference',
      '',
    ],
    [
      '1',
      "floor + GETs + zod: each page validated by the action's own zod/mini schema, nothing else of the action",
      `${ms(m(fz, 'wallMs'))} = ${x(m(fz, 'wallMs') / floorWall)} floor (${x(m(fz, 'wallMs') / m(fr, 'wallMs'))} floor + GETs), ${mib(m(fz, 'rssKiB'))}, ${bytes(info.floorZodBytes)}`,
      'reference',
      '',
    ],
  ];
}

/** Issue 16's targets: ahead of the vendor SDK's 1.60 × the floor, and within 1.2 × what the work itself costs. */
function targetRows({ m }: Figures, info: ReportInfo): Row[] {
  const floorWall = m('floor', 'wallMs');
  const floorRss = m('floor', 'rssKiB');
  const wall = m('check-image-cached', 'wallMs');
  const rss = m('check-image-cached', 'rssKiB');
  const overLimit = wall / m('floor + requests', 'wallMs');
  // One row per target, so the table says which one a run misses.
  return [
    [
      '1',
      'start-up wall time (check-image-cached, 3 pages) against the floor; the entry it parses',
      `${ms(wall)} = ${x(wall / floorWall)} floor (${x(wall / m('floor + zod', 'wallMs'))} floor + GETs + zod); entry ${bytes(info.actionEntryBytes)}`,
      '≤ 1.50 × floor',
      verdict(wall / floorWall <= 1.5),
    ],
    [
      '1',
      'start-up wall time against floor + GETs (the work without validation)',
      `${x(overLimit)} floor + GETs`,
      '≤ 1.20 × floor + GETs',
      verdict(overLimit <= 1.2),
    ],
    [
      '1',
      'start-up peak RSS',
      `${mib(rss)} = ${x(rss / floorRss)} floor (${x(rss / m('floor + requests', 'rssKiB'))} floor + GETs)`,
      '≤ 1.20 × floor',
      verdict(rss / floorRss <= 1.2),
    ],
  ];
}

/**
 * Issue 27: beside the vendor's SDK doing the same step. Ratios are taken per round (the action and the SDK ran
 * in the same round, so a busy moment weighs on both), then their median and middle half.
 */
function sdkRows({ m, perRound, spread }: Figures, info: ReportInfo): Row[] {
  const floorWall = m('floor', 'wallMs');
  const floorRss = m('floor', 'rssKiB');
  const rss = m('check-image-cached', 'rssKiB');
  const v = info.sdkVersions;
  const references = [
    [
      'sdk',
      `vendor SDK (\`@azure/arm-containerinstance\` ${v.sdk}, static credential, all 3 pages, one output, a summary)`,
      info.sdkBytes,
    ],
    [
      'sdk + identity',
      `vendor SDK + \`@azure/identity\` ${v.identity} (a \`DefaultAzureCredential\` constructed, never used)`,
      info.sdkIdentityBytes,
    ],
  ] as const;
  const bySdk = perRound('sdk');
  const byIdentity = perRound('sdk + identity');
  return [
    ...references.map(([name, label, bundleBytes]): Row => [
      '1',
      `${label}: wall, peak RSS, bundle`,
      `${ms(m(name, 'wallMs'))} = ${x(m(name, 'wallMs') / floorWall)} floor, ${mib(m(name, 'rssKiB'))} = ${x(m(name, 'rssKiB') / floorRss)} floor, ${bytes(bundleBytes)}`,
      'reference',
      '',
    ]),
    [
      '1',
      `start-up wall time, action ÷ vendor SDK (per round; median (middle half), ${bySdk.length} rounds)`,
      spread(bySdk),
      '≤ 0.90',
      verdict(median(bySdk) <= 0.9),
    ],
    [
      '1',
      `start-up wall time, action ÷ vendor SDK + identity (per round; median (middle half), ${byIdentity.length} rounds)`,
      spread(byIdentity),
      '≤ 0.80',
      verdict(median(byIdentity) <= 0.8),
    ],
    [
      '1',
      'start-up peak RSS (issue 27)',
      `${x(rss / floorRss)} floor (vendor SDK ${x(m('sdk', 'rssKiB') / floorRss)}, SDK + identity ${x(m('sdk + identity', 'rssKiB') / floorRss)})`,
      '≤ 1.25 × floor',
      verdict(rss / floorRss <= 1.25),
    ],
  ];
}

function leverRows({ m, all, perRound, spread }: Figures, info: ReportInfo): Row[] {
  const floorRss = m('floor', 'rssKiB');
  return info.levers.flatMap((lever): Row[] => {
    if (!lever.case) return [];
    const ratios = lever.against.map(
      (name) =>
        `÷ ${name === 'check-image-cached' ? 'the action' : name} ${spread(perRound(name, lever.of ?? lever.case))}`,
    );
    return [
      [
        '1',
        `lever: ${lever.label} (per round; median (middle half), ${all(lever.case, 'wallMs').length} rounds)`,
        `${lever.of ? `${lever.case} ` : ''}${ms(m(lever.case, 'wallMs'))}: ${ratios.join(', ')}; peak RSS ${x(m(lever.case, 'rssKiB') / floorRss)} floor`,
        '(measured)',
        '',
      ],
    ];
  });
}

/** The whole bundle before issue 53 loaded an operation's code only when it runs (cdece2e's dist/index.js). */
const ONE_FILE_BUNDLE_BYTES = 1_761_554;

function bundleRows(info: ReportInfo): Row[] {
  const entry = info.actionEntryBytes;
  return [
    [
      '1',
      'bundle bytes: the entry and the chunks of every operation',
      `${bytes(info.actionBytes)} = ${x(info.actionBytes / info.floorBytes)} floor`,
      '≤ 1.50 × floor',
      verdict(info.actionBytes / info.floorBytes <= 1.5),
    ],
    [
      '1',
      "entry bytes (dist/index.js, what every step parses; an operation's chunk loads when it runs)",
      `${bytes(entry)} = ${x(entry / info.floorBytes)} floor, ${x(entry / ONE_FILE_BUNDLE_BYTES)} the one-file bundle before issue 53`,
      `< ${bytes(ONE_FILE_BUNDLE_BYTES)}`,
      verdict(entry < ONE_FILE_BUNDLE_BYTES),
    ],
    ['1', 'undici copies in the bundle', String(info.undiciCopies), '= 1', verdict(info.undiciCopies === 1)],
  ];
}
