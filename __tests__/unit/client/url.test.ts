import { describe, expect, it } from '@jest/globals';
import { redactQuery, redactUrls, resolveOnOrigin, userinfoProblem } from '../../../src/client/url.js';
import { operationUrls } from '../../../src/operations/url-parsers.js';

describe('userinfoProblem', () => {
  it.each([
    'https://user:pass@host.example/op',
    'https://user@host.example/op',
    'https://:pass@host.example/op',
    'https:user:pass@host.example/op',
    'https:\\\\user:pass@host.example/op',
    '//user:pass@host.example/op',
    'http://a@b@127.0.0.1:8080/op',
    'https://user:pass@[::1',
  ])('refuses %j', (value) => {
    expect(userinfoProblem(value)).toContain('must not carry a user name or password');
  });

  it.each([
    'https://host.example/op?sig=a@b',
    '/subscriptions/x@y/operationStatuses/op',
    'https://host.example/users/a@b.org',
    'https://host.example/op#frag@x',
    'not a url',
  ])('accepts %j', (value) => {
    expect(userinfoProblem(value)).toBeUndefined();
  });
});

describe('operationUrls (operation-url)', () => {
  it('refuses user info on any line or in a JSON array, not only the first', () => {
    for (const value of [
      'https://h.example/a\nhttps://u:p@h.example/b',
      '["https://h.example/a", "https://u:p@h.example/b"]',
      'https://h.example/a,//u:p@h.example/b',
    ]) {
      expect(operationUrls.safeParse(value).error?.issues[0]?.message).toContain('user name or password');
    }
    expect(operationUrls.safeParse('https://h.example/a\nhttps://h.example/b').success).toBe(true);
  });
});

describe('redactQuery and redactUrls', () => {
  it('print a URL without its user info or query', () => {
    expect(redactQuery('https://user:pa55@host.example/op?sig=s3cret')).toBe('https://…@host.example/op?…');
    expect(redactQuery('https:user:pa55@host.example/op')).toBe('https:…@host.example/op');
    expect(redactQuery('http://a@b:pa55@[::1')).toBe('http://…@[::1');
    expect(redactQuery('https://host.example/users/a@b.org')).toBe('https://host.example/users/a@b.org');
    expect(redactQuery('/subscriptions/s/op?x=1')).toBe('/subscriptions/s/op?…');
  });

  it('redact every URL of a text, one per line', () => {
    expect(redactUrls("got 'https://h.example/a\nhttps://u:pa55@h.example/b?sig=1'")).toBe(
      "got 'https://h.example/a\nhttps://…@h.example/b?…'",
    );
  });
});

describe('resolveOnOrigin', () => {
  it('drops user info from a link the service handed out, so no output carries it', () => {
    const url = resolveOnOrigin('https://u:pa55@host.example/op?x=1', 'https://host.example', 'polling URL');
    expect(url.href).toBe('https://host.example/op?x=1');
  });
});
