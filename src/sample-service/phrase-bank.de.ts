// The sample service's German (see ./phrase-bank.ts for the shape and the slots), in the du-form like the site's
// own words. Signs take their article and case after "in" ({inSign} "im Schützen", {intoSign} "in den Schützen");
// houses are numbered ("dein 9. Haus") and topics are bare nouns, so no template has to decline them.
import {
  capitalize,
  utcDates,
  type HeadlineEvent,
  type NatalIntro,
  type PhraseBank,
  type Twelve,
} from './phrase-bank.ts';
import type { EclipseKind } from '../sky/events.ts';
import type { PlanetName } from '../sky/positions.ts';

const dayMonth = utcDates('de', { month: 'long', day: 'numeric' });
const dayMonthYear = utcDates('de', { month: 'long', day: 'numeric', year: 'numeric' });
const NUMBER_WORDS = ['keine', 'eine', 'zwei', 'drei', 'vier', 'fünf', 'sechs', 'sieben', 'acht'];
const SIGNS: Twelve<string> = [
  'Widder',
  'Stier',
  'Zwillinge',
  'Krebs',
  'Löwe',
  'Jungfrau',
  'Waage',
  'Skorpion',
  'Schütze',
  'Steinbock',
  'Wassermann',
  'Fische',
];
const SIGNS_IN: Twelve<string> = [
  'im Widder',
  'im Stier',
  'in den Zwillingen',
  'im Krebs',
  'im Löwen',
  'in der Jungfrau',
  'in der Waage',
  'im Skorpion',
  'im Schützen',
  'im Steinbock',
  'im Wassermann',
  'in den Fischen',
];
const SIGNS_INTO: Twelve<string> = [
  'in den Widder',
  'in den Stier',
  'in die Zwillinge',
  'in den Krebs',
  'in den Löwen',
  'in die Jungfrau',
  'in die Waage',
  'in den Skorpion',
  'in den Schützen',
  'in den Steinbock',
  'in den Wassermann',
  'in die Fische',
];
const PLANETS = {
  Sun: 'Sonne',
  Moon: 'Mond',
  Mercury: 'Merkur',
  Venus: 'Venus',
  Mars: 'Mars',
  Jupiter: 'Jupiter',
  Saturn: 'Saturn',
  Uranus: 'Uranus',
  Neptune: 'Neptun',
  Pluto: 'Pluto',
};
/** After a noun: "der Eintritt Saturns", "der Eintritt der Venus". */
const GENITIVES: Record<PlanetName, string> = {
  Sun: 'der Sonne',
  Moon: 'des Mondes',
  Mercury: 'Merkurs',
  Venus: 'der Venus',
  Mars: 'des Mars',
  Jupiter: 'Jupiters',
  Saturn: 'Saturns',
  Uranus: 'des Uranus',
  Neptune: 'Neptuns',
  Pluto: 'Plutos',
};
const ECLIPSE_KINDS: Record<EclipseKind, string> = {
  penumbral: 'Halbschatten-',
  partial: 'partielle ',
  annular: 'ringförmige ',
  total: 'totale ',
  hybrid: 'hybride ',
};
/** In the accusative, after "um". */
const PHASE_NAMES = {
  newMoon: 'den Neumond',
  firstQuarter: 'den zunehmenden Halbmond',
  fullMoon: 'den Vollmond',
  lastQuarter: 'den abnehmenden Halbmond',
};

function list(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} und ${items[items.length - 1]}`;
}

function day(date: Date, periodYear?: number): string {
  return periodYear === undefined || date.getUTCFullYear() === periodYear ? dayMonth(date) : dayMonthYear(date);
}

/** 'Die Woche vom 7. bis 13. Dezember 2026', '… vom 30. November bis 6. Dezember 2026', '… vom 28. Dezember 2026 bis 3. Januar 2027'. */
function weekLabel(first: Date, last: Date): string {
  if (first.getUTCFullYear() !== last.getUTCFullYear())
    return `Die Woche vom ${dayMonthYear(first)} bis ${dayMonthYear(last)}`;
  if (first.getUTCMonth() === last.getUTCMonth())
    return `Die Woche vom ${first.getUTCDate()}. bis ${dayMonthYear(last)}`;
  return `Die Woche vom ${dayMonth(first)} bis ${dayMonthYear(last)}`;
}

/** 'vom 7. bis 28. Oktober', 'vom 26. Februar bis 20. März'. */
function dayRange(first: Date, last: Date): string {
  return `vom ${first.getUTCMonth() === last.getUTCMonth() ? `${first.getUTCDate()}.` : dayMonth(first)} bis ${dayMonth(last)}`;
}

/** In the accusative, as the intros use it after "dreht sich um". */
function headline(e: HeadlineEvent): string {
  const signIn = SIGNS_IN[e.signId]!;
  if (e.type === 'phase') return `${e.eclipse ? `die ${e.eclipse}` : PHASE_NAMES[e.phase]} am ${e.date} ${signIn}`;
  const planet = GENITIVES[e.planet];
  if (e.type === 'ingress') {
    return e.retrograde
      ? `die rückläufige Rückkehr ${planet} ${SIGNS_INTO[e.signId]} am ${e.date}`
      : `den Eintritt ${planet} ${SIGNS_INTO[e.signId]} am ${e.date}`;
  }
  return `die Wende ${planet} zur ${e.direction === 'retrograde' ? 'Rückläufigkeit' : 'Direktläufigkeit'} am ${e.date} ${signIn}`;
}

function natalIntro(b: NatalIntro): string {
  const born = dayMonthYear(new Date(`${b.date}T00:00:00Z`));
  const signIn = (name: string) => SIGNS_IN[SIGNS.indexOf(name)] ?? `in ${name}`;
  return `${b.name}, geboren am ${born} um ${b.time.replace(/^0/, '')} Uhr in ${b.place}: Sonne ${signIn(b.sun)}, Mond ${signIn(b.moon)}, Aszendent ${b.rising}.`;
}

export const DE: PhraseBank = {
  signNames: SIGNS,
  signsIn: SIGNS_IN,
  signsInto: SIGNS_INTO,
  planetNames: PLANETS,
  planetSubjects: { ...PLANETS, Sun: 'die Sonne', Moon: 'der Mond' },
  houseTopics: [
    'Ich, Körper und Ausstrahlung',
    'Geld, Besitz und Selbstwert',
    'Gespräche, Geschwister und kurze Reisen',
    'Zuhause, Familie und Wurzeln',
    'Liebe, Kreativität und Spiel',
    'Arbeitsalltag, Routinen und Gesundheit',
    'Partnerschaft und enge Beziehungen',
    'Finanzen zu zweit, Intimität und Wandel',
    'Reisen, Studium und Weltanschauung',
    'Beruf, Ansehen und Ehrgeiz',
    'Freunde, Gruppen und Hoffnungen',
    'Ruhe, Rückzug und die verborgene Seite des Lebens',
  ],
  planetThemes: {
    Sun: 'deine Aufmerksamkeit und Lebenskraft',
    Moon: 'deine Stimmungen und Bedürfnisse',
    Mercury: 'Denken, Reden und Pläne',
    Venus: 'Liebe, Genuss und Geld',
    Mars: 'Antrieb, Mut und Temperament',
    Jupiter: 'Wachstum, Glück und Großzügigkeit',
    Saturn: 'Pflicht, Struktur und Geduld',
    Uranus: 'Überraschungen und Freiheitsdrang',
    Neptune: 'Träume, Ideale und Intuition',
    Pluto: 'Macht und tiefe Erneuerung',
  },
  signQualities: [
    'direkt, mutig und ungeduldig',
    'beständig, sinnlich und geduldig',
    'neugierig, flink und rastlos',
    'fürsorglich, zärtlich und launisch',
    'warm, stolz und großzügig',
    'genau, hilfsbereit und selbstkritisch',
    'fair, charmant und zögerlich',
    'intensiv, treu und verschwiegen',
    'zuversichtlich, offen und weltoffen',
    'diszipliniert, ehrgeizig und trocken im Humor',
    'unabhängig, erfinderisch und distanziert',
    'fantasievoll, sanft und durchlässig',
  ],

  ordinal: (n) => `${n}.`,
  withArticle: (eclipse) => `eine ${eclipse}`,
  eclipseName: (kind, solar) => `${ECLIPSE_KINDS[kind]}${solar ? 'Sonnenfinsternis' : 'Mondfinsternis'}`,
  list,
  finish: (text) => text,
  day,
  dayRange,
  monthName: utcDates('de', { month: 'long' }),
  weekLabel,
  monthLabel: (first) => `Der ${utcDates('de', { month: 'long', year: 'numeric' })(first)}`,
  spans: { weekly: 'diese Woche', monthly: 'diesen Monat', yearly: 'dieses Jahr' },
  headline,

  phases: {
    newMoon: [
      'Der <strong>Neumond am {date} {inSign}</strong> schlägt ein neues Kapitel in deinem {house} Haus ({topic}) auf: ein guter Moment, dir etwas vorzunehmen und klein anzufangen.',
      'Am {date} sät der <strong>Neumond {inSign}</strong> in deinem {house} Haus ({topic}). Pflanze etwas, das du die nächsten sechs Monate pflegen willst.',
      'Ein <strong>Neumond {inSign} am {date}</strong> stellt in deinem {house} Haus ({topic}) die Weichen neu; fang leise an und lass die Idee wachsen.',
    ],
    fullMoon: [
      'Der <strong>Vollmond am {date} {inSign}</strong> erhellt dein {house} Haus ({topic}) und bringt zur Reife, was vor etwa sechs Monaten begann.',
      'Wenn der Mond am {date} {inSign} voll ist, verlangt dein {house} Haus ({topic}) ehrliche Aufmerksamkeit: abschließen, loslassen oder feiern.',
      'Der <strong>Vollmond {inSign} am {date}</strong> füllt dein {house} Haus ({topic}) mit Gefühl; achte darauf, was gereift ist.',
    ],
    firstQuarter: [
      'Der zunehmende Halbmond am {date} {inSign} ({house} Haus) prüft die Pläne, die du beim Neumond gemacht hast; passe sie an, statt sie aufzugeben.',
      'Um den {date} bringt der zunehmende Halbmond {inSign} Bewegung in dein {house} Haus ({topic}) und verlangt eine Entscheidung.',
    ],
    lastQuarter: [
      'Der abnehmende Halbmond am {date} {inSign}, in deinem {house} Haus, ist ein guter Moment, um loszuwerden, was dir nicht mehr dient.',
      'Um den {date} lädt der abnehmende Halbmond {inSign} zum Aufräumen in deinem {house} Haus ({topic}) ein.',
    ],
  },
  eclipseSentences: [
    'Es ist {eclipse}, ihre Wirkung kann sich über die folgenden Monate entfalten.',
    'Dies ist {eclipse}: Die Geschichte, die hier beginnt, reicht weit über den Tag hinaus.',
    'Weil es {eclipse} ist, markiert sie einen Wendepunkt und keine flüchtige Stimmung.',
  ],
  ingresses: [
    '<strong>{planet} wechselt am {date} {intoSign}</strong> und zieht in dein {house} Haus: Für {theme} geht es jetzt um {topic}.',
    'Ab dem {date} <strong>steht {planet} {inSign}</strong>, in deinem {house} Haus, und lenkt {theme} auf {topic}.',
    'Am {date} <strong>zieht {planet} {intoSign}</strong> und in dein {house} Haus ({topic}); {theme} folgen.',
  ],
  retrogradeIngresses: [
    '{planet}, noch rückläufig, kehrt am {date} {intoSign} zurück und besucht erneut dein {house} Haus ({topic}).',
    'Am {date} wandert {planet} rückläufig zurück {intoSign}, in dein {house} Haus: Unerledigtes rund um {topic} kehrt zurück.',
  ],
  sunIngresses: [
    '<strong>Die Sonne wechselt am {date} {intoSign}</strong> und verbringt den nächsten Monat in deinem {house} Haus ({topic}).',
    'Ab dem {date} <strong>scheint die Sonne {inSign}</strong> und wärmt vier Wochen lang dein {house} Haus ({topic}).',
  ],
  stationsRetrograde: [
    '<strong>{planet} wird am {date} rückläufig</strong>, auf {degree} {sign}, in deinem {house} Haus: Überprüfe, was {topic} betrifft, statt vorzupreschen.',
    'Am {date} <strong>wird {planet} rückläufig</strong>, auf {degree} {sign}. In deinem {house} Haus ({topic}) lohnt sich ein zweiter Gedanke.',
  ],
  stationsDirect: [
    '<strong>{planet} wird am {date} wieder direktläufig</strong>, auf {degree} {sign}; in deinem {house} Haus ({topic}) kommt wieder Bewegung in die Dinge.',
    'Am {date} <strong>wird {planet} direktläufig</strong>, auf {degree} {sign}, und Verzögerungen rund um {topic} ({house} Haus) lösen sich.',
  ],
  seasonOpenings: [
    'Mit der Sonne {inSign} liegt der Fokus {span} auf deinem {house} Haus ({topic}).',
    'Die Sonne verbringt {span} viel Zeit {inSign}, deinem {house} Haus: {topic} rücken in den Mittelpunkt.',
    'Zu Beginn steht die Sonne {inSign} und in deinem {house} Haus ({topic}).',
  ],
  closings: [
    'Halte deine Pläne flexibel und deine Versprechen bescheiden; der Himmel belohnt stetige Schritte.',
    'Vertraue auf das, was du prüfen kannst, und gib dem Rest ein wenig Zeit.',
    'Teile dir deine Kräfte ein: Die vollsten Tage sind nicht immer die wichtigsten.',
    'Ein kurzer Spaziergang, früh ins Bett und eine klare Liste helfen dir mehr als Grübeln.',
    'Sag das Freundliche lieber früher als später.',
  ],
  quietLines: [
    'In dieser Zeit gibt es keine großen Planetenwechsel: gut für stetige Arbeit an dem, was schon läuft.',
    'Der Himmel ist ruhig, ohne neue Mondphase und ohne Planetenwechsel: Nutze die Ruhe, um aufzuholen.',
  ],

  column: {
    retrogradeOne: '{planets} ist {opens} <em>rückläufig</em>: eher eine Zeit zum Überarbeiten als zum Loslegen.',
    retrogradeMany: '{planets} sind {opens} <em>rückläufig</em>: eher eine Zeit zum Überarbeiten als zum Loslegen.',
    opens: { weekly: 'zu Beginn der Woche', monthly: 'zu Beginn des Monats' },
    keyDates: 'Wichtige Daten',
    intro: '{sign}: {when} dreht sich um {headline}, in deinem {house} Haus ({topic}).',
    quietIntro: '{sign}: {when} verläuft am Himmel ruhig, mit der Sonne in deinem {house} Haus ({topic}).',
  },

  year: {
    risingNote:
      'Diese Vorschau ist für den <strong>Aszendenten {sign}</strong> geschrieben: Die Häuser unten zählen ab deinem Aszendenten, sie passt also am besten, wenn du deine Geburtszeit kennst. Die Vorschau für dein Sonnenzeichen erzählt denselben Himmel von einem anderen Ausgangspunkt aus.',
    jupiterAndSaturn: 'Jupiter und Saturn',
    eclipseSeasons: 'Finsternisphasen',
    eclipseSeasonsText:
      'Die Finsternisse von {year} fallen in {seasons}: {months}. Finsternisse markieren Wendepunkte; die Häuser, in die sie fallen, zeigen, wo {who} Veränderungen erwarten kannst.',
    retrogradePeriods: 'Rückläufige Phasen',
    retrogradePeriodsText:
      'Gute Wochen, um zu überprüfen, zu reparieren und alte Kontakte aufzufrischen, statt zu unterschreiben oder Neues zu starten:',
    outerPlanets: 'Die äußeren Planeten',
    stays: '<strong>{planet}</strong> ({theme}) bleibt das ganze Jahr {inSign}, in deinem {house} Haus ({topic}).',
    moves: '<strong>{planet}</strong> ({theme}) beginnt das Jahr {inSign}, in deinem {house} Haus, und {moves}.',
    moveInto: 'wechselt am {date} {intoSign} (dein {house} Haus: {topic})',
    moveBackInto: 'kehrt am {date} {intoSign} zurück (dein {house} Haus: {topic})',
    retrogradeUntil: '{planet}: rückläufig bis zum {date}, endet auf {degree} {sign} in deinem {house} Haus',
    retrogradeWithin: '{planet}: {dates}, {inSign}, in deinem {house} Haus',
    retrogradeAcross:
      '{planet}: {dates}, zuerst {inSign} (dein {house} Haus), dann zurück {intoSign2} (dein {house2} Haus)',
    retrogradeOpen: '{planet}: ab dem {date} bis ins Jahr {nextYear}, {inSign}, in deinem {house} Haus',
    who: { sun: 'du als {sign}', rising: 'du mit Aszendent {sign}' },
    lead: { sun: '{sign}', rising: 'Aszendent {sign}' },
    intro: '{lead}: Das Jahr {year} dreht sich um {headline}, in deinem {house} Haus ({topic}).',
    introJupiter: '{lead}: {year} ist ein Jupiterjahr {inSign}, das dein {house} Haus ({topic}) wachsen lässt.',
    seasons: (count) => (count === 1 ? 'eine Phase' : `${NUMBER_WORDS[count] ?? count} Phasen`),
    eclipseCount: (count) =>
      count === 1
        ? 'Eine Finsternis markiert den Wendepunkt.'
        : `${capitalize(NUMBER_WORDS[count] ?? String(count))} Finsternisse markieren die Wendepunkte.`,
  },

  natal: {
    planet: [
      '<p><strong>{planet} {inSign}</strong>: {theme} zeigen sich {qualities}.</p>',
      '<p>Mit <strong>{planet} {inSign}</strong> wirken {theme} {qualities}.</p>',
      '<p><strong>{Subject} {inSign}</strong> färbt {theme}: {qualities}.</p>',
    ],
    house: [
      '<p>{Subject} im {house} Haus lenkt {theme} auf {topic}.</p>',
      '<p>Im {house} Haus richtet {subject} {theme} auf {topic} aus.</p>',
    ],
    intro: natalIntro,
  },
};
