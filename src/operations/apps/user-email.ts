import { InputError } from '../../client/errors.js';

/**
 * A plausible e-mail address: one `@`, a local part without spaces or brackets, a domain of dotted labels.
 * Not RFC 5322 in full: the point is to catch a name, a display form (`Jane <jane@x.org>`) or a typo before
 * any user is removed. The address travels as one percent-encoded path segment, so `+` and `/` are safe.
 */
const EMAIL = /^[^\s@<>()[\]\\,;:"]+@(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+[\p{L}\p{N}-]{2,}$/u;

export function checkUserEmails(emails: string[]): string[] {
  for (const email of emails) {
    if (email.length > 254 || !EMAIL.test(email)) {
      throw new InputError(
        'user-email',
        `'${email.slice(0, 100)}' is not an e-mail address; give addresses like jane@contoso.com, one per line or comma-separated`,
      );
    }
  }
  return emails;
}
