import { NCC_FLAGS } from '../scripts/bundle.js';
import { build, replaceOnce, type Bundle } from './floor.js';

/**
 * The vendor's own SDK doing a check-image-cached step as a workflow would script it: the question a user asks is
 * "is this action slower than scripting the SDK myself?". Bench only: both packages are devDependencies, bundled
 * here in the scratch folder with the same ncc settings as dist/, never imported from src/.
 *
 * `client.location.listCachedImages(location)` is the SDK's method for the operation our check-image-cached
 * reads (`Location_ListCachedImages`: GET /subscriptions/{id}/providers/Microsoft.ContainerInstance/locations/
 * {location}/cachedImages, pages linked by nextLink); its async iterator follows every nextLink. Bridged to the
 * emulator by the SDK's own options, the emulator's routes unchanged: `endpoint` is the emulator's origin,
 * `apiVersion` the emulator's, and one per-call pipeline policy rewrites the provider namespace of the first
 * page's path (the emulator serves the vendor's `Vendor.ContainerInstance`); the nextLinks come from the emulator
 * with its own path already. The credential is static (a `getToken` returning the emulator's token), so no
 * sign-in is measured, as the action is given `access-token`. No V8 flag: the SDK's HTTP client is node:https,
 * which has no WebAssembly parser to keep off TurboFan, and a user's script would not set it.
 *
 * It sets one output (`cached`) and writes the same job summary as floor + GETs. It iterates every image, so it
 * reads every page; the bench checks that with the emulator's count of pages served (3) and fails otherwise.
 */
export function buildSdks(
  scratch: string,
  {
    flags = NCC_FLAGS,
    suffix = '',
    paths,
  }: { flags?: readonly string[]; suffix?: string; paths?: Record<string, string[]> } = {},
): { sdk: Bundle; sdkIdentity: Bundle } {
  return {
    sdk: build(scratch, `sdk${suffix}`, SDK, flags, paths),
    sdkIdentity: build(scratch, `sdk-identity${suffix}`, SDK_WITH_IDENTITY, flags, paths),
  };
}

const SDK = `import * as core from '@actions/core';
import { ContainerInstanceManagementClient } from '@azure/arm-containerinstance';
const token = core.getInput('access-token');
const credential = { getToken: async () => ({ token, expiresOnTimestamp: Date.now() + 3_600_000 }) };
const toEmulator = {
  name: 'benchEmulatorNamespace',
  sendRequest(request, next) {
    request.url = request.url.replace('/providers/Microsoft.ContainerInstance/', '/providers/Vendor.ContainerInstance/');
    return next(request);
  },
};
const client = new ContainerInstanceManagementClient(credential, core.getInput('subscription-id'), {
  endpoint: core.getInput('base-url'),
  apiVersion: '2025-09-01',
  additionalPolicies: [{ policy: toEmulator, position: 'perCall' }],
});
const image = core.getInput('image');
let found;
for await (const cached of client.location.listCachedImages(core.getInput('location'))) {
  if (!found && cached.image === image) found = cached;
}
core.setOutput('cached', String(found !== undefined));
await core.summary.addRaw('<h2>vendor-ops check-image-cached</h2><table><tr><th>image</th><th>cached</th></tr><tr><td>' +
  image + '</td><td>' + (found ? 'yes' : 'no') + '</td></tr></table>', true).write();
`;

/**
 * The same, plus `@azure/identity` imported and a credential constructed, never used: how the SDK is used in a
 * workflow (DefaultAzureCredential is what the SDK's README starts from), with the sign-in itself still left out.
 */
const SDK_WITH_IDENTITY = replaceOnce(
  SDK,
  "import { ContainerInstanceManagementClient } from '@azure/arm-containerinstance';",
  `import { ContainerInstanceManagementClient } from '@azure/arm-containerinstance';
import { DefaultAzureCredential } from '@azure/identity';
// Constructed as a workflow would, never asked for a token: what importing and building it costs.
globalThis.unusedCredential = new DefaultAzureCredential();`,
);
