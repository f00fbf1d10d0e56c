import { describe, expect, it } from 'vitest';
import { redact, redactWords } from '../../src/api/index.ts';

describe('redact', () => {
  it('replaces every occurrence of every secret', () => {
    expect(redact('p=hunter2 t=abc.def p=hunter2', ['hunter2', 'abc.def'])).toBe(
      'p=[redacted] t=[redacted] p=[redacted]',
    );
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

describe('redactWords', () => {
  it.each(['p', 'pass'])('leaves words that merely contain the password %j alone', (password) => {
    const line = 'request to https://api.example.com/api/places failed after 3 attempts (check the password)';
    expect(redactWords(line, [password])).toBe(line);
  });

  it.each(['p', 'pass'])(
    'redacts the password %j where it stands on its own: in a URL, a query, a quoted value',
    (password) => {
      expect(
        redactWords(`https://site:${password}@api.example.com/api/x?key=${password} said "${password}"`, [password]),
      ).toBe('https://site:[redacted]@api.example.com/api/x?key=[redacted] said "[redacted]"');
    },
  );

  it('catches the JSON-escaped and percent-encoded forms as words too', () => {
    const secret = 'p w"';
    expect(
      redactWords(`?pw=${encodeURIComponent(secret)}&x {"pw":"${JSON.stringify(secret).slice(1, -1)}"}`, [secret]),
    ).toBe('?pw=[redacted]&x {"pw":"[redacted]"}');
  });
});
