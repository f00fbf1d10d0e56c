import { describe, expect, it } from 'vitest';
import { redact } from '../../src/api/index.ts';

describe('redact', () => {
  it('replaces every occurrence of every secret', () => {
    expect(redact('p=hunter2 t=abc.def p=hunter2', ['hunter2', 'abc.def'])).toBe('p=[redacted] t=[redacted] p=[redacted]');
  });

  it('catches JSON-escaped and percent-encoded forms', () => {
    const secret = 'a"b\\c d/é';
    const echoed = `${JSON.stringify({ password: secret })} ?pw=${encodeURIComponent(secret)}`;
    const result = redact(echoed, [secret]);
    expect(result).toBe('{"password":"[redacted]"} ?pw=[redacted]');
  });

  it('removes a longer secret whole even when it contains a shorter one', () => {
    expect(redact('token abc123xyz', ['abc', 'abc123xyz'])).toBe('token [redacted]');
  });

  it('ignores empty and missing secrets', () => {
    expect(redact('nothing to hide', ['', undefined, null])).toBe('nothing to hide');
  });
});
