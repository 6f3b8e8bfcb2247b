import type { RecordedRequest } from './emulator.js';

/** Names whose values are credentials, in a query, a form or a JSON body: shown as `***`. */
const SECRET = /secret|token|assertion|password|sig$|^sig|signature|code_verifier/i;

/** A form or query name that holds a credential; one that does not decode is hidden too (it cannot be told apart). */
function secretName(encoded: string): boolean {
  try {
    return SECRET.test(decodeURIComponent(encoded));
  } catch {
    return true;
  }
}

function redactForm(text: string): string {
  return text
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      return eq > 0 && secretName(pair.slice(0, eq)) ? `${pair.slice(0, eq)}=***` : pair;
    })
    .join('&');
}

function redactJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactJson);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        SECRET.test(k) && typeof v === 'string' ? '***' : redactJson(v),
      ]),
    );
  }
  return value;
}

/** A body as the log shows it: JSON compact with its secrets out, a form likewise, anything else cut short. */
function bodyText(record: RecordedRequest): string {
  const body = record.body.trim();
  if (!body) return '';
  try {
    return JSON.stringify(redactJson(JSON.parse(body)));
  } catch {
    if (/^[\w.%+-]+=/.test(body)) return redactForm(body);
    return body.length > 200 ? `${body.slice(0, 200)}… (${body.length} bytes)` : body;
  }
}

/**
 * One line per request the emulator answered (`vendor-ops emulator --log-requests`), so a user sees what arrived:
 * a cancel, a `deallocateVm`, a retry. No header is shown (they carry the credentials), and a credential in the
 * query or the body is shown as `***`.
 */
export function requestLine(record: RecordedRequest, status: number): string {
  const q = record.target.indexOf('?');
  const target =
    q < 0 ? record.target : `${record.target.slice(0, q)}?${redactForm(record.target.slice(q + 1))}`;
  const body = bodyText(record);
  const origin = record.origin === 'secondary' ? ' (second origin)' : '';
  return `${record.method} ${target}${origin} → ${status}${body ? ` ${body}` : ''}`;
}
