import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { availableLanguages, loadMessages } from '../../src/data/i18n.ts';
import { tempDir } from '../helpers/temp-dir.ts';
import { configFailure } from '../helpers/config-failure.ts';

const content = path.resolve(import.meta.dirname, '../fixtures/site/content');
const SHIPPED = ['de', 'en', 'es', 'fr', 'it', 'pt', 'pt-BR'];

/** A content folder holding only the i18n files, the English one edited by `edit`. */
function contentWith(edit: (en: Record<string, Record<string, unknown>>) => void, file = 'en.json'): string {
  const dir = tempDir('astro-i18n-');
  cpSync(path.join(content, 'i18n'), path.join(dir, 'i18n'), { recursive: true });
  const en = JSON.parse(readFileSync(path.join(content, 'i18n/en.json'), 'utf8'));
  edit(en);
  writeFileSync(path.join(dir, 'i18n', file), JSON.stringify(en));
  return dir;
}

const failure = (fn: () => unknown): string => configFailure(fn).message;

describe('the shipped languages', () => {
  it('are the six the README lists, and Brazilian Portuguese', () => {
    expect(availableLanguages(path.join(content, 'i18n'))).toEqual(SHIPPED);
  });

  it.each(SHIPPED)('%s has every message, each a valid ICU message', (language) => {
    const messages = loadMessages(content, language);
    expect(messages.file).toBe(`content/i18n/${language}.json`);
  });

  // Worked by hand from each language's grammar: one week, two weeks; French and Portuguese say "1 mês" and "0 semaine".
  it.each([
    ['en', 1, '1 week'],
    ['en', 156, '156 weeks'],
    ['es', 1, '1 semana'],
    ['es', 2, '2 semanas'],
    ['fr', 0, '0 semaine'],
    ['fr', 2, '2 semaines'],
    ['de', 1, '1 Woche'],
    ['de', 3, '3 Wochen'],
    ['it', 1, '1 settimana'],
    ['it', 5, '5 settimane'],
    ['pt', 1, '1 semana'],
    ['pt', 1000, '1.000 semanas'],
  ])('counts weeks in %s: %i → %s', (language, count, expected) => {
    expect(loadMessages(content, language).t('kinds.weekly.count', { count })).toBe(expected);
  });

  it('fills placeholders where each language puts them', () => {
    expect(loadMessages(content, 'es').t('kinds.weekly.heading', { sign: 'Leo' })).toBe('Horóscopo semanal de Leo');
    const de = loadMessages(content, 'de');
    const inSign = (sign: string, name: string) => de.t('grammar.signIn', { sign, name });
    // German says "in" a sign with its article and case: "im Stier", "in den Zwillingen" (a native writer's wording).
    expect(
      de.t('chart.planetHeading', { planet: 'Sonne', sign: 'Stier', inSign: inSign('taurus', 'Stier'), house: 10 }),
    ).toBe('Sonne im Stier, Haus 10');
    expect(
      de.t('chart.wheelPlanet', {
        planet: 'Mond',
        sign: 'Zwillinge',
        inSign: inSign('gemini', 'Zwillinge'),
        position: '3°',
      }),
    ).toBe('Mond in den Zwillingen auf 3°');
    expect(de.t('today.moonIn', { sign: 'Schütze', inSign: inSign('sagittarius', 'Schütze') })).toBe(
      'Mond im Schützen',
    );
  });

  it('gives templates the messages without placeholders as text, and sign words per slug', () => {
    const { ui } = loadMessages(content, 'fr');
    expect(ui.site.skipLink).toBe('Aller au contenu');
    expect(ui.signs.leo.name).toBe('Lion');
  });
});

describe('German', () => {
  it('addresses the reader as du throughout, never as Sie', () => {
    const text = readFileSync(path.join(content, 'i18n/de.json'), 'utf8');
    expect(text.match(/\b(?:Sie|Ihr|Ihre|Ihren|Ihrem|Ihrer|Ihnen)\b/g)).toBeNull();
    expect(loadMessages(content, 'de').ui.chartForm!.risingQuestion).toBe('Du kennst deinen Aszendenten nicht?');
  });
});

describe('Portuguese', () => {
  // Words only Brazil writes so (Portugal: "Saltar", "Gémeos", "Caranguejo", "Vénus", "Neptuno", "já não").
  const BRAZILIAN = [
    'Pular',
    'Trilha',
    'Gêmeos',
    'Câncer',
    'Vênus',
    'Netuno',
    'logotipo',
    'não está mais',
    'anel externo',
  ];

  it('pt is European Portuguese throughout, not a mix of the two', () => {
    const text = readFileSync(path.join(content, 'i18n/pt.json'), 'utf8');
    expect(BRAZILIAN.filter((word) => text.includes(word))).toEqual([]);
    expect(loadMessages(content, 'pt').ui.signs.gemini.name).toBe('Gémeos');
  });

  // Words only Portugal writes so, as a Brazilian reader marks them (the form's, the search's and the signs' among them).
  const EUROPEAN = [
    'Saltar',
    'Caminho de navegação',
    'Línguas',
    'Gémeos',
    'Caranguejo',
    'Vénus',
    'Neptuno',
    'logótipo',
    'já não',
    'desviar-se',
    'Demasiados',
    'vila',
    'O seu',
    'A sua',
    'está a ',
    'A pesquisar',
    'ficheiros',
    'pedido',
    'de novo',
    '«',
  ];

  it('pt-BR is Brazilian Portuguese throughout, in a file of its own', () => {
    const text = readFileSync(path.join(content, 'i18n/pt-BR.json'), 'utf8');
    expect(EUROPEAN.filter((word) => text.includes(word))).toEqual([]);
    expect(BRAZILIAN.filter((word) => !text.includes(word))).toEqual([]);
    const messages = loadMessages(content, 'pt-BR');
    expect(messages.file).toBe('content/i18n/pt-BR.json');
    expect([messages.ui.signs.gemini.name, messages.ui.signs.cancer.name, messages.ui.planets.neptune]).toEqual([
      'Gêmeos',
      'Câncer',
      'Netuno',
    ]);
    expect(messages.t('chartForm.choosePlace', { query: 'Rio' })).toBe(
      'Vários locais correspondem a “Rio”: escolha o seu.',
    );
  });

  it('a pt-BR file of its own, as docs/languages.md says to add it, is read for pt-BR and pt.json for pt', () => {
    const dir = tempDir('astro-i18n-');
    cpSync(path.join(content, 'i18n'), path.join(dir, 'i18n'), { recursive: true });
    const pt = JSON.parse(readFileSync(path.join(content, 'i18n/pt.json'), 'utf8'));
    pt.signs.gemini.name = 'Gêmeos';
    writeFileSync(path.join(dir, 'i18n/pt-BR.json'), JSON.stringify(pt));
    expect(loadMessages(dir, 'pt-BR')).toMatchObject({
      file: 'content/i18n/pt-BR.json',
      ui: { signs: { gemini: { name: 'Gêmeos' } } },
    });
    expect(loadMessages(dir, 'pt').ui.signs.gemini.name).toBe('Gémeos');
  });
});

describe('a language without its file, or a file with a fault', () => {
  it('a region without a file of its own reads its language file (pt-PT → pt.json, es-MX → es.json)', () => {
    expect(loadMessages(content, 'pt-PT').file).toBe('content/i18n/pt.json');
    expect(loadMessages(content, 'es-MX').file).toBe('content/i18n/es.json');
  });

  it('a language without a file names the file and the languages there are', () => {
    expect(failure(() => loadMessages(content, 'nl'))).toBe(
      `content/i18n/nl.json: no message file for the site's language "nl" (content/site.json); available: ${SHIPPED.join(', ')}`,
    );
  });

  it('a missing message names the file and the key; no English fallback', () => {
    const dir = contentWith((en) => delete (en.kinds!.weekly as Record<string, unknown>).pager, 'es.json');
    expect(failure(() => loadMessages(dir, 'es'))).toBe('content/i18n/es.json: kinds.weekly.pager: is missing');
  });

  it('a missing group names the file and the group, in one line, such as the grammar an older copy lacks', () => {
    const dir = contentWith((en) => delete en.grammar, 'de.json');
    expect(failure(() => loadMessages(dir, 'de'))).toBe(
      'content/i18n/de.json: grammar: is missing (every language needs the group: copy it from content/i18n/en.json and translate it)',
    );
  });

  it('an unknown key is named, since it is most likely a misspelt one', () => {
    const dir = contentWith((en) => ((en.site as Record<string, unknown>).skiplink = 'Skip'));
    expect(failure(() => loadMessages(dir, 'en'))).toBe(
      'content/i18n/en.json: site.skiplink: is not a known key (a misspelt one?)',
    );
  });

  it('a message that is not valid ICU is named', () => {
    const dir = contentWith((en) => ((en.home as Record<string, unknown>).thisWeek = 'This week {for every sign'));
    expect(failure(() => loadMessages(dir, 'en'))).toMatch(
      /^content\/i18n\/en\.json: home\.thisWeek: is not a valid ICU message/,
    );
  });

  it('a message with a placeholder the site does not fill fails naming the key when used', () => {
    const dir = contentWith(
      (en) => ((en.report as Record<string, unknown>).otherSigns = '{period} for the other {kind}'),
    );
    const messages = loadMessages(dir, 'en');
    expect(failure(() => messages.t('report.otherSigns', { period: 'May' }))).toMatch(
      /^content\/i18n\/en\.json: report\.otherSigns: /,
    );
  });

  it('a file that is not JSON is named', () => {
    const dir = contentWith(() => {});
    writeFileSync(path.join(dir, 'i18n/en.json'), '{ "site": ');
    expect(failure(() => loadMessages(dir, 'en'))).toMatch(/^content\/i18n\/en\.json: is not readable JSON/);
  });
});
