// The search page's snippets open at a sentence: Pagefind's excerpt is cut to the last sentence that starts before
// the first word found (templates/assets/search.js).
import { describe, expect, it } from 'vitest';
import { fromSentence } from '../../templates/assets/search.js';

describe('a search result snippet', () => {
  it('opens at the last sentence that starts before the first word found', () => {
    expect(
      fromSentence('to launch. Key dates. A month for <mark>love</mark> and rest. Then <mark>love</mark> again.'),
    ).toBe('A month for <mark>love</mark> and rest. Then <mark>love</mark> again.');
    expect(fromSentence('que empezar. ¿Y el <mark>amor</mark>? Llega.')).toBe('¿Y el <mark>amor</mark>? Llega.');
    expect(fromSentence('said “Go.” “Your <mark>love</mark> waits.”')).toBe('“Your <mark>love</mark> waits.”');
  });

  it('stays whole where no sentence starts before the word, a full stop ends no sentence, or no word is marked', () => {
    expect(fromSentence('of the week, when <mark>love</mark> returns. And more.')).toBe(
      'of the week, when <mark>love</mark> returns. And more.',
    );
    expect(fromSentence('at 3.5 degrees, <mark>love</mark> returns.')).toBe(
      'at 3.5 degrees, <mark>love</mark> returns.',
    );
    expect(fromSentence('around Jan. and Feb. or when <mark>love</mark> returns.')).toBe(
      'around Jan. and Feb. or when <mark>love</mark> returns.',
    );
    expect(fromSentence('around mid-Jan. and <mark>love</mark> returns.')).toBe(
      'around mid-Jan. and <mark>love</mark> returns.',
    );
    expect(fromSentence('no word marked. Here.')).toBe('no word marked. Here.');
  });
});
