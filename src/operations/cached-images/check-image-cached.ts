import { areaCode, defineOperation, required, withDefault } from '../module.js';
import { RESPONSE_ID_OUTPUTS } from '../outputs.js';
import { regionNames, uuid } from '../parsers.js';

/** Its run code (./code.ts), loaded when it runs: a chunk of its own. */
const checkImageCode = areaCode(() => import('./code.js'));

/**
 * check-image-cached (B): reads the regions and the images; sets whether all are cached in every region and which
 * are not.
 */
export default defineOperation({
  name: 'check-image-cached',
  description: 'Says whether the container images a deploy needs are cached in one region or several.',
  client: 'resource-manager',
  inputs: {
    apiVersion: withDefault('api-version', '2025-09-01'),
    // B1's path takes the subscription as a UUID: anything else is refused before a request.
    subscriptionId: required('subscription-id', uuid),
    location: required('location', regionNames),
    images: required('image'),
    osType: withDefault('os-type'),
    failIfMissing: withDefault('fail-if-missing'),
  },
  outputs: ['result', 'cached', 'missing-images', 'missing', 'regions', 'images', ...RESPONSE_ID_OUTPUTS],
  example:
    '--base-url https://management.example --access-token "$TOKEN" --subscription-id 00000000-0000-4000-8000-000000000001 --location westeurope --location northeurope --image nginx --image redis:7',
  view: {
    ownTables: true,
    title: ({ outputs }) => {
      const missing = outputs['missing-images'];
      if (!Array.isArray(missing)) return undefined;
      const regions = outputs.regions;
      const refused = Array.isArray(regions) ? regions.filter((r) => 'error' in r).length : 0;
      const found = missing.length === 0 ? 'all cached' : `${missing.length} not cached`;
      return refused > 0 ? `${found}, ${refused} region(s) refused` : found;
    },
    whatToDo: {
      'image not cached':
        'Cache the missing images in that region (or correct the reference), then run the job again; fail-if-missing: false reports without failing.',
    },
  },
  run: (options, client, ctx) => checkImageCode().then((code) => code.checkImageCached(options, client, ctx)),
});
