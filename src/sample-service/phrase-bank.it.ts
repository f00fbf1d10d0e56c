// The sample service's Italian (see ./phrase-bank.ts for the shape and the slots), in the tu-form like the site's
// own words. Houses are feminine ordinals before "casa" ("la tua nona casa"); topics and themes carry their
// articles, and `finish` joins "di", "a" and "da" with the article after them ("di il" → "del", "a la" → "alla")
// and elides the article before 8 and 11 ("il 8" → "l’8"). A list of topics never follows a preposition, which
// Italian repeats before each item ("quella che riguarda {topic}"). Planets move "in moto retrogrado", which agrees
// with Venere as with Marte.
import { capitalize, utcDates, type HeadlineEvent, type NatalIntro, type PhraseBank } from './phrase-bank.ts';
import type { EclipseKind } from '../sky/events.ts';

const monthOnly = utcDates('it', { month: 'long' });
const NUMBER_WORDS = ['nessuna', 'una', 'due', 'tre', 'quattro', 'cinque', 'sei', 'sette', 'otto'];
const ORDINALS = [
  'prima',
  'seconda',
  'terza',
  'quarta',
  'quinta',
  'sesta',
  'settima',
  'ottava',
  'nona',
  'decima',
  'undicesima',
  'dodicesima',
];
const ECLIPSE_KINDS: Record<EclipseKind, string> = {
  penumbral: 'di penombra',
  partial: 'parziale',
  annular: 'anulare',
  total: 'totale',
  hybrid: 'ibrida',
};
const PHASE_NAMES = {
  newMoon: 'la luna nuova',
  firstQuarter: 'il primo quarto',
  fullMoon: 'la luna piena',
  lastQuarter: 'l’ultimo quarto',
};
const PLANETS = {
  Sun: 'Sole',
  Moon: 'Luna',
  Mercury: 'Mercurio',
  Venus: 'Venere',
  Mars: 'Marte',
  Jupiter: 'Giove',
  Saturn: 'Saturno',
  Uranus: 'Urano',
  Neptune: 'Nettuno',
  Pluto: 'Plutone',
};
const SUBJECTS = { ...PLANETS, Sun: 'il Sole', Moon: 'la Luna' };

/** The day of the month as Italian writes it: '1º', '2'. */
function dayNumber(date: Date): string {
  return date.getUTCDate() === 1 ? '1º' : String(date.getUTCDate());
}

/** '9 dicembre', '1º marzo', '3 gennaio 2027'. */
function day(date: Date, periodYear?: number): string {
  const words = `${dayNumber(date)} ${monthOnly(date)}`;
  return periodYear === undefined || date.getUTCFullYear() === periodYear ? words : `${words} ${date.getUTCFullYear()}`;
}

function list(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} e ${items[items.length - 1]}`;
}

const PREPOSITIONS: Record<string, string> = { di: 'de', a: 'a', da: 'da' };
const ARTICLES: Record<string, string> = { il: 'l', lo: 'llo', la: 'lla', i: 'i', gli: 'gli', le: 'lle', 'l’': 'll’' };
const ELIDED: Record<string, string> = {
  il: 'l’',
  al: 'all’',
  dal: 'dall’',
  del: 'dell’',
  nel: 'nell’',
  Il: 'L’',
  Dal: 'Dall’',
  Al: 'All’',
};

/** "di il" → "del", "a la" → "alla", "da l’" → "dall’"; "il 8" → "l’8", "dal 11" → "dall’11"; "nella ottava" → "nell’ottava". */
function contract(text: string): string {
  return text
    .replace(
      /(?<![\p{L}\p{N}’'])(di|a|da) (il|lo|la|i|gli|le)(?= )/gu,
      (_, p: string, a: string) => `${PREPOSITIONS[p]}${ARTICLES[a]}`,
    )
    .replace(/(?<![\p{L}\p{N}’'])(di|a|da) l’/gu, (_, p: string) => `${PREPOSITIONS[p]}ll’`)
    .replace(
      /(?<![\p{L}\p{N}’'])(il|al|dal|del|nel|Il|Dal|Al) (8|11)(?![\p{N}])/gu,
      (_, a: string, n: string) => `${ELIDED[a]}${n}`,
    )
    .replace(/(?<![\p{L}\p{N}’'])(l|nel|del|dal|al|Dal)la (?=[aeiouàèéìòù])/gu, (_, p: string) => `${p}l’`);
}

/** 'la settimana dal 7 al 13 dicembre 2026', '… dal 30 novembre al 6 dicembre 2026', '… dal 28 dicembre 2026 al 3 gennaio 2027'. */
function weekLabel(first: Date, last: Date): string {
  const y2 = last.getUTCFullYear();
  if (first.getUTCFullYear() !== y2) return contract(`la settimana dal ${day(first, y2)} al ${day(last, 0)}`);
  if (first.getUTCMonth() === last.getUTCMonth())
    return contract(`la settimana dal ${dayNumber(first)} al ${day(last, 0)}`);
  return contract(`la settimana dal ${day(first)} al ${day(last, 0)}`);
}

/** 'dal 7 al 28 ottobre', 'dal 26 febbraio al 20 marzo'. */
function dayRange(first: Date, last: Date): string {
  return contract(`dal ${first.getUTCMonth() === last.getUTCMonth() ? dayNumber(first) : day(first)} al ${day(last)}`);
}

function headline(e: HeadlineEvent): string {
  if (e.type === 'phase') return `${e.eclipse ? `l’${e.eclipse}` : PHASE_NAMES[e.phase]} del ${e.date} in ${e.sign}`;
  const planet = SUBJECTS[e.planet];
  if (e.type === 'ingress') {
    return e.retrograde
      ? `il ritorno di ${planet}, in moto retrogrado, in ${e.sign} il ${e.date}`
      : `l’ingresso di ${planet} in ${e.sign} il ${e.date}`;
  }
  return `la stazione ${e.direction === 'retrograde' ? 'retrograda' : 'diretta'} di ${planet} il ${e.date} in ${e.sign}`;
}

function natalIntro(b: NatalIntro): string {
  const born = day(new Date(`${b.date}T00:00:00Z`), 0);
  const at = b.time.startsWith('01:') ? 'all’' : 'alle ';
  return contract(
    `${b.name}: nascita il ${born} ${at}${b.time.replace(/^0/, '')} a ${b.place}; Sole in ${b.sun}, Luna in ${b.moon}, ascendente ${b.rising}.`,
  );
}

export const IT: PhraseBank = {
  signNames: [
    'Ariete',
    'Toro',
    'Gemelli',
    'Cancro',
    'Leone',
    'Vergine',
    'Bilancia',
    'Scorpione',
    'Sagittario',
    'Capricorno',
    'Acquario',
    'Pesci',
  ],
  planetNames: PLANETS,
  planetSubjects: SUBJECTS,
  houseTopics: [
    'l’io, il corpo e la prima impressione',
    'il denaro, i beni e l’autostima',
    'le conversazioni, i fratelli e i brevi viaggi',
    'il focolare, la famiglia e le radici',
    'l’amore, la creatività e il gioco',
    'il lavoro quotidiano, le abitudini e la salute',
    'la coppia e i rapporti a due',
    'il denaro condiviso, l’intimità e la trasformazione',
    'i viaggi, lo studio e le convinzioni',
    'la carriera, la reputazione e l’ambizione',
    'gli amici, i gruppi e le speranze',
    'il riposo, il ritiro e il lato nascosto della vita',
  ],
  planetThemes: {
    Sun: 'la tua attenzione e la tua vitalità',
    Moon: 'i tuoi stati d’animo e i tuoi bisogni',
    Mercury: 'il pensiero, le parole e i progetti',
    Venus: 'l’amore, il piacere e il denaro',
    Mars: 'la spinta, il coraggio e il temperamento',
    Jupiter: 'la crescita, la fortuna e la generosità',
    Saturn: 'il dovere, la struttura e la pazienza',
    Uranus: 'le sorprese e il desiderio di libertà',
    Neptune: 'i sogni, gli ideali e l’intuizione',
    Pluto: 'il potere e il rinnovamento profondo',
  },
  // Masculine singular: the templates put them after "uno stile", "un tono", "un carattere".
  signQualities: [
    'diretto, coraggioso e impaziente',
    'costante, sensuale e paziente',
    'curioso, rapido e irrequieto',
    'protettivo, tenero e lunatico',
    'caloroso, fiero e generoso',
    'preciso, disponibile e autocritico',
    'equo, affascinante e indeciso',
    'intenso, leale e riservato',
    'fiducioso, schietto e aperto',
    'disciplinato, ambizioso e ironico',
    'indipendente, inventivo e distaccato',
    'fantasioso, gentile e permeabile',
  ],

  ordinal: (n) => ORDINALS[n - 1] ?? `${n}ª`,
  withArticle: (eclipse) => `un’${eclipse}`,
  eclipseName: (kind, solar) => `eclissi ${solar ? 'solare' : 'lunare'} ${ECLIPSE_KINDS[kind]}`,
  list,
  finish: contract,
  day,
  dayRange,
  monthName: monthOnly,
  weekLabel,
  monthLabel: (first) => `il mese di ${monthOnly(first)} ${first.getUTCFullYear()}`,
  spans: { weekly: 'questa settimana', monthly: 'questo mese', yearly: 'quest’anno' },
  headline,

  phases: {
    newMoon: [
      'La <strong>luna nuova del {date} in {sign}</strong> apre un nuovo capitolo nella tua {house} casa, quella che riguarda {topic}: un buon momento per fissare un’intenzione e partire in piccolo.',
      'Il {date} la <strong>luna nuova in {sign}</strong> semina nella tua {house} casa, quella che riguarda {topic}. Pianta qualcosa che avrai voglia di curare nei prossimi sei mesi.',
      'Una <strong>luna nuova in {sign} il {date}</strong> rinnova l’atmosfera della tua {house} casa, quella che riguarda {topic}; comincia in silenzio e lascia crescere l’idea.',
    ],
    fullMoon: [
      'La <strong>luna piena del {date} in {sign}</strong> illumina la tua {house} casa, quella che riguarda {topic}, e porta a compimento ciò che è iniziato circa sei mesi fa.',
      'Con la luna piena in {sign} il {date}, la tua {house} casa, quella che riguarda {topic}, chiede un’attenzione sincera: chiudi, lascia andare o festeggia.',
      'La <strong>luna piena in {sign} del {date}</strong> riempie di emozione la tua {house} casa, quella che riguarda {topic}; osserva ciò che è maturato.',
    ],
    firstQuarter: [
      'Il primo quarto del {date} in {sign} ({house} casa) mette alla prova i progetti nati con la luna nuova; aggiustali invece di abbandonarli.',
      'Intorno al {date} la mezzaluna crescente in {sign} smuove la tua {house} casa, quella che riguarda {topic}, e ti chiede una decisione.',
    ],
    lastQuarter: [
      'L’ultimo quarto del {date} in {sign}, nella tua {house} casa, è un buon momento per liberarti di ciò che non ti serve più.',
      'Intorno al {date} la mezzaluna calante in {sign} invita a fare ordine nella tua {house} casa, quella che riguarda {topic}.',
    ],
  },
  eclipseSentences: [
    'È {eclipse}, quindi i suoi effetti possono farsi sentire nei mesi successivi.',
    'Si tratta di {eclipse}: la storia che comincia ora andrà ben oltre quel giorno.',
    'Essendo {eclipse}, segna una svolta e non un umore passeggero.',
  ],
  ingresses: [
    '<strong>{planet} entra in {sign} il {date}</strong> e si sposta nella tua {house} casa: {theme} si orientano verso {topic}.',
    'Dal {date} <strong>{planet} transita in {sign}</strong>, la tua {house} casa, e porta {theme} in ciò che riguarda {topic}.',
    'Il {date} <strong>{planet} passa in {sign}</strong> e nella tua {house} casa, quella che riguarda {topic}; {theme} seguono.',
  ],
  retrogradeIngresses: [
    '{planet}, ancora in moto retrogrado, rientra in {sign} il {date} e ripassa dalla tua {house} casa, quella che riguarda {topic}.',
    'Il {date} {planet}, in moto retrogrado, torna in {sign}, la tua {house} casa: riaffiorano le questioni in sospeso che riguardano {topic}.',
  ],
  sunIngresses: [
    '<strong>Il Sole entra in {sign} il {date}</strong> e trascorre il mese successivo nella tua {house} casa, quella che riguarda {topic}.',
    'Dal {date} <strong>il Sole splende in {sign}</strong> e riscalda per quattro settimane la tua {house} casa, quella che riguarda {topic}.',
  ],
  stationsRetrograde: [
    '<strong>{planet} inizia il moto retrogrado il {date}</strong> a {degree} {sign}, nella tua {house} casa: rivedi {topic} invece di forzare i tempi.',
    'Il {date} <strong>{planet} entra in moto retrogrado</strong> a {degree} {sign}. Nella tua {house} casa, quella che riguarda {topic}, conviene pensarci due volte.',
  ],
  stationsDirect: [
    '<strong>{planet} riprende il moto diretto il {date}</strong> a {degree} {sign}; ciò che riguarda {topic} nella tua {house} casa riparte.',
    'Il {date} <strong>{planet} torna in moto diretto</strong> a {degree} {sign}, e i ritardi che riguardano {topic} ({house} casa) cominciano a sciogliersi.',
  ],
  seasonOpenings: [
    'Con il Sole in {sign} all’inizio di {span}, i riflettori sono puntati sulla tua {house} casa, quella che riguarda {topic}.',
    'Il Sole passa buona parte di {span} in {sign}, la tua {house} casa: {topic} tornano in primo piano.',
    'Mentre comincia {span}, il Sole è in {sign}, nella tua {house} casa, quella che riguarda {topic}.',
  ],
  closings: [
    'Mantieni piani flessibili e promesse modeste: il cielo premia i passi costanti.',
    'Fidati di ciò che puoi verificare e concedi al resto un po’ di tempo.',
    'Dosa le energie: i giorni più pieni non sono sempre i più importanti.',
    'Una breve passeggiata, una buona notte di sonno e una lista chiara ti aiuteranno più delle preoccupazioni.',
    'Se hai qualcosa di gentile da dire, non rimandare.',
  ],
  quietLines: [
    'In questo periodo non ci sono grandi cambiamenti planetari: è un buon momento per portare avanti con costanza ciò che è già in moto.',
    'Il cielo è tranquillo, senza nuove fasi lunari né cambiamenti planetari: approfitta della calma per metterti in pari.',
  ],

  column: {
    retrogradeOne: '{planets} è in <em>moto retrogrado</em> {opens}: meglio rivedere che lanciare qualcosa di nuovo.',
    retrogradeMany:
      '{planets} sono in <em>moto retrogrado</em> {opens}: meglio rivedere che lanciare qualcosa di nuovo.',
    opens: { weekly: 'all’inizio della settimana', monthly: 'all’inizio del mese' },
    keyDates: 'Date chiave',
    intro: '{sign}: {when} ruota intorno a {headline}, nella tua {house} casa, quella che riguarda {topic}.',
    quietIntro:
      '{sign}: {when} è un periodo tranquillo nel cielo, con il Sole nella tua {house} casa, quella che riguarda {topic}.',
  },

  year: {
    risingNote:
      'Questa previsione è scritta per chi ha l’<strong>ascendente in {sign}</strong>: le case sono contate a partire dal tuo ascendente, quindi ti sarà più utile se conosci la tua ora di nascita. La previsione del tuo segno solare racconta lo stesso cielo da un altro punto di partenza.',
    jupiterAndSaturn: 'Giove e Saturno',
    eclipseSeasons: 'Stagioni delle eclissi',
    eclipseSeasonsText:
      'Le eclissi del {year} arrivano in {seasons}: {months}. Le eclissi segnano punti di svolta; le case in cui cadono mostrano dove {who} può aspettarsi dei cambiamenti.',
    retrogradePeriods: 'Periodi retrogradi',
    retrogradePeriodsText:
      'Settimane buone per rivedere, riparare e riallacciare i contatti, più che per firmare o lanciare qualcosa di nuovo:',
    outerPlanets: 'I pianeti lenti',
    stays:
      '<strong>{planet}</strong> ({theme}) resta tutto l’anno in {sign}, nella tua {house} casa, quella che riguarda {topic}.',
    moves: '<strong>{planet}</strong> ({theme}) comincia l’anno in {sign}, la tua {house} casa, poi {moves}.',
    moveInto: 'entra in {sign} il {date} (la tua {house} casa, quella che riguarda {topic})',
    moveBackInto: 'rientra in {sign} il {date} (la tua {house} casa, quella che riguarda {topic})',
    retrogradeUntil:
      '{planet}: in moto retrogrado fino al {date}, per fermarsi a {degree} {sign} nella tua {house} casa',
    retrogradeWithin: '{planet}: {dates}, in {sign}, la tua {house} casa',
    retrogradeAcross:
      '{planet}: {dates}, prima in {sign} (la tua {house} casa), poi di nuovo in {sign2} (la tua {house2} casa)',
    retrogradeOpen: '{planet}: dal {date} fino all’inizio del {nextYear}, in {sign}, la tua {house} casa',
    who: { sun: 'chi è {sign}', rising: 'chi ha l’ascendente in {sign}' },
    lead: { sun: '{sign}', rising: 'Ascendente {sign}' },
    intro: '{lead}: il {year} è segnato da {headline}, nella tua {house} casa, quella che riguarda {topic}.',
    introJupiter:
      '{lead}: il {year} è un anno di Giove in {sign}, che fa crescere la tua {house} casa, quella che riguarda {topic}.',
    seasons: (count) => (count === 1 ? 'una stagione' : `${NUMBER_WORDS[count] ?? count} stagioni`),
    eclipseCount: (count) =>
      count === 1
        ? 'Un’unica eclissi segna il punto di svolta.'
        : `${capitalize(NUMBER_WORDS[count] ?? String(count))} eclissi segnano i punti di svolta.`,
  },

  natal: {
    planet: [
      '<p><strong>{planet} in {sign}</strong>: {theme} si esprimono con uno stile {qualities}.</p>',
      '<p>Con <strong>{subject} in {sign}</strong>, {theme} assumono un tono {qualities}.</p>',
      '<p><strong>{planet} in {sign}</strong>: {theme} prendono un carattere {qualities}.</p>',
    ],
    house: [
      '<p>{Subject} nella {house} casa porta {theme} verso {topic}.</p>',
      '<p>Dalla {house} casa, {subject} orienta {theme} verso {topic}.</p>',
    ],
    intro: natalIntro,
  },
};
