import { describe, expect, it } from '@jest/globals';
import { StepSecrets } from '../../../src/runtime/secrets.js';

describe('StepSecrets: the one home of a step’s secrets', () => {
  it('tells the runner each value once, as given', () => {
    const told: string[] = [];
    const secrets = new StepSecrets((v) => told.push(v));
    secrets.add('tok-1234');
    secrets.add('tok-1234');
    secrets.add('');
    secrets.add(undefined);
    secrets.add('ab');
    expect(told).toEqual(['tok-1234', 'ab']);
  });

  it('scrubs every form a secret is written in: as given, URL-encoded, base64, HTML- and JSON-escaped', () => {
    const secret = 'p@ss/w&rd"+=1';
    const secrets = new StepSecrets();
    secrets.add(secret);
    const forms = [
      secret,
      encodeURIComponent(secret),
      Buffer.from(secret).toString('base64'),
      'p@ss/w&#38;rd&#34;+=1',
      JSON.stringify(secret).slice(1, -1),
    ];
    for (const form of forms) expect(secrets.scrub(`before ${form} after`)).toBe('before *** after');
  });

  it('a secret holding another is replaced whole; short values and text without a secret stay as they are', () => {
    const secrets = new StepSecrets();
    secrets.add('abcd');
    secrets.add('abcdefgh');
    secrets.add('on');
    expect(secrets.scrub('x abcdefgh y abcd z')).toBe('x *** y *** z');
    expect(secrets.scrub('switched on')).toBe('switched on');
    expect(new StepSecrets().scrub('nothing to hide')).toBe('nothing to hide');
  });
});
