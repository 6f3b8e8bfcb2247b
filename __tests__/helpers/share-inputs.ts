/**
 * The inputs of a synchronization operation's step against the emulator: the share subscription `share-1` the
 * area A tests use, signed in with the emulator's static token, polling at the floor.
 */
export function shareStep(operation: string, url: string, extra: Record<string, string> = {}) {
  return {
    operation,
    'base-url': url,
    'access-token': 'emu-access-token',
    'subscription-id': 'sub-1',
    'resource-group': 'rg-1',
    'account-name': 'acct-1',
    'share-subscription': 'share-1',
    'poll-interval': '0.05',
    timeout: '20s',
    ...extra,
  };
}
