import { SYNCHRONIZATION_OUTPUTS, SYNCHRONIZATION_VIEW } from './report.js';
import { defineOperation, type InputUse, type OperationModule } from '../module.js';
import type { OutputName } from '../outputs.js';

/** The flags every example starts with: a share subscription on the resource manager. */
const SHARE_EXAMPLE =
  '--base-url https://management.example --access-token "$TOKEN" --subscription-id SUB --resource-group rg-data --account-name consumer --share-subscription sales';

/** What is a data-share operation's own; shareOperation adds what the three declare alike. */
type OwnDeclaration<U extends Record<string, InputUse>> = Pick<
  OperationModule<U, 'resource-manager'>,
  'name' | 'description' | 'inputs' | 'plans' | 'run'
> & {
  /** Its outputs after the synchronization's. */
  outputs: readonly OutputName[];
  /** Its example's flags after the share subscription's. */
  flags?: string;
};

/**
 * A data-share operation: on the resource manager, polling a share subscription's synchronizations, with their
 * outputs and summary view; its run loads data-share's chunk (./code.ts).
 */
export function shareOperation<U extends Record<string, InputUse>>(
  own: OwnDeclaration<U>,
): OperationModule<U, 'resource-manager'> {
  const { flags, ...rest } = own;
  return defineOperation({
    ...rest,
    client: 'resource-manager',
    polls: true,
    outputs: [...SYNCHRONIZATION_OUTPUTS, ...own.outputs],
    example: flags ? `${SHARE_EXAMPLE} ${flags}` : SHARE_EXAMPLE,
    view: SYNCHRONIZATION_VIEW,
  });
}
