// The sample service’s French (see ./phrase-bank.ts for the shape and the slots), in the vous-form like the site’s
// own words. Houses are feminine ordinals before "maison" ("votre 9e maison"); topics and themes carry their
// articles, and `finish` contracts "de le", "de les", "à le" and "à les" as French requires ("l’entrée du Soleil").
// A list of topics never follows "de" or "à", which French repeats before each item ("celle où se jouent {topic}").
// A non-breaking space goes before a colon, as French typesets it.
import { capitalize, utcDates, type HeadlineEvent, type NatalIntro, type PhraseBank } from './phrase-bank.ts';
import type { EclipseKind } from '../sky/events.ts';

const monthOnly = utcDates('fr', { month: 'long' });
const NUMBER_WORDS = ['aucune', 'une', 'deux', 'trois', 'quatre', 'cinq', 'six', 'sept', 'huit'];
const ECLIPSE_KINDS: Record<EclipseKind, string> = {
  penumbral: 'pénombrale',
  partial: 'partielle',
  annular: 'annulaire',
  total: 'totale',
  hybrid: 'hybride',
};
const PHASE_NAMES = {
  newMoon: 'la nouvelle lune',
  firstQuarter: 'le premier quartier',
  fullMoon: 'la pleine lune',
  lastQuarter: 'le dernier quartier',
};
const PLANETS = {
  Sun: 'Soleil',
  Moon: 'Lune',
  Mercury: 'Mercure',
  Venus: 'Vénus',
  Mars: 'Mars',
  Jupiter: 'Jupiter',
  Saturn: 'Saturne',
  Uranus: 'Uranus',
  Neptune: 'Neptune',
  Pluto: 'Pluton',
};
const SUBJECTS = { ...PLANETS, Sun: 'le Soleil', Moon: 'la Lune' };

/** The day of the month as French writes it: '1er', '2'. */
function dayNumber(date: Date): string {
  return date.getUTCDate() === 1 ? '1er' : String(date.getUTCDate());
}

/** '9 décembre', '1er mars', '3 janvier 2027'. */
function day(date: Date, periodYear?: number): string {
  const words = `${dayNumber(date)} ${monthOnly(date)}`;
  return periodYear === undefined || date.getUTCFullYear() === periodYear ? words : `${words} ${date.getUTCFullYear()}`;
}

function list(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} et ${items[items.length - 1]}`;
}

/** "de le" → "du", "de les" → "des", "à le" → "au", "à les" → "aux" (the articles only: templates write no pronoun after "de" or "à"). */
function contract(text: string): string {
  const forms: Record<string, string> = {
    'de le': 'du',
    'de les': 'des',
    'à le': 'au',
    'à les': 'aux',
    'De le': 'Du',
    'De les': 'Des',
    'À le': 'Au',
    'À les': 'Aux',
  };
  return text.replace(/(?<![\p{L}\p{N}])(?:de|De|à|À) les?(?![\p{L}\p{N}'’])/gu, (words) => forms[words] ?? words);
}

/** 'la semaine du 7 au 13 décembre 2026', '… du 30 novembre au 6 décembre 2026', '… du 28 décembre 2026 au 3 janvier 2027'. */
function weekLabel(first: Date, last: Date): string {
  const y2 = last.getUTCFullYear();
  if (first.getUTCFullYear() !== y2) return `la semaine du ${day(first, y2)} au ${day(last, 0)}`;
  if (first.getUTCMonth() === last.getUTCMonth()) return `la semaine du ${dayNumber(first)} au ${day(last, 0)}`;
  return `la semaine du ${day(first)} au ${day(last, 0)}`;
}

/** 'du 7 au 28 octobre', 'du 26 février au 20 mars'. */
function dayRange(first: Date, last: Date): string {
  return `du ${first.getUTCMonth() === last.getUTCMonth() ? dayNumber(first) : day(first)} au ${day(last)}`;
}

/** 'le mois de décembre 2026', "le mois d’avril 2026". */
function monthLabel(first: Date): string {
  const month = monthOnly(first);
  return `le mois ${/^[aeiou]/.test(month) ? 'd’' : 'de '}${month} ${first.getUTCFullYear()}`;
}

function headline(e: HeadlineEvent): string {
  if (e.type === 'phase') return `${e.eclipse ? `l’${e.eclipse}` : PHASE_NAMES[e.phase]} du ${e.date} en ${e.sign}`;
  const planet = SUBJECTS[e.planet];
  if (e.type === 'ingress') {
    return e.retrograde
      ? `le retour de ${planet}, rétrograde, en ${e.sign} le ${e.date}`
      : `l’entrée de ${planet} en ${e.sign} le ${e.date}`;
  }
  return `la station ${e.direction === 'retrograde' ? 'rétrograde' : 'directe'} de ${planet} le ${e.date} en ${e.sign}`;
}

function natalIntro(b: NatalIntro): string {
  const born = day(new Date(`${b.date}T00:00:00Z`), 0);
  return `${b.name}\u00a0: naissance le ${born} à ${b.time.replace(/^0/, '').replace(':', '\u00a0h\u00a0')} à ${b.place}\u00a0; Soleil en ${b.sun}, Lune en ${b.moon}, ascendant ${b.rising}.`;
}

export const FR: PhraseBank = {
  signNames: [
    'Bélier',
    'Taureau',
    'Gémeaux',
    'Cancer',
    'Lion',
    'Vierge',
    'Balance',
    'Scorpion',
    'Sagittaire',
    'Capricorne',
    'Verseau',
    'Poissons',
  ],
  planetNames: PLANETS,
  planetSubjects: SUBJECTS,
  houseTopics: [
    'le moi, le corps et la première impression',
    'l’argent, les biens et l’estime de soi',
    'les échanges, la fratrie et les petits trajets',
    'le foyer, la famille et les racines',
    'l’amour, la créativité et le jeu',
    'le travail quotidien, les habitudes et la santé',
    'le couple et les relations à deux',
    'l’argent partagé, l’intimité et la transformation',
    'les voyages, les études et les convictions',
    'la carrière, la réputation et l’ambition',
    'les amis, les groupes et les espoirs',
    'le repos, la retraite et la part cachée de la vie',
  ],
  planetThemes: {
    Sun: 'votre attention et votre vitalité',
    Moon: 'vos humeurs et vos besoins',
    Mercury: 'la pensée, la parole et les projets',
    Venus: 'l’amour, le plaisir et l’argent',
    Mars: 'l’élan, le courage et le tempérament',
    Jupiter: 'la croissance, la chance et la générosité',
    Saturn: 'le devoir, la structure et la patience',
    Uranus: 'les surprises et le goût de la liberté',
    Neptune: 'les rêves, les idéaux et l’intuition',
    Pluto: 'le pouvoir et le renouveau profond',
  },
  // Masculine singular: the templates put them after "un style", "un ton", "un air".
  signQualities: [
    'direct, courageux et impatient',
    'constant, sensuel et patient',
    'curieux, vif et agité',
    'protecteur, tendre et changeant',
    'chaleureux, fier et généreux',
    'précis, serviable et autocritique',
    'juste, charmant et hésitant',
    'intense, loyal et secret',
    'optimiste, franc et expansif',
    'discipliné, ambitieux et pince-sans-rire',
    'indépendant, inventif et détaché',
    'imaginatif, doux et perméable',
  ],

  ordinal: (n) => (n === 1 ? '1re' : `${n}e`),
  withArticle: (eclipse) => `une ${eclipse}`,
  eclipseName: (kind, solar) => `éclipse ${solar ? 'solaire' : 'lunaire'} ${ECLIPSE_KINDS[kind]}`,
  list,
  finish: contract,
  day,
  dayRange,
  monthName: monthOnly,
  weekLabel,
  monthLabel,
  spans: { weekly: 'cette semaine', monthly: 'ce mois', yearly: 'cette année' },
  headline,

  phases: {
    newMoon: [
      'La <strong>nouvelle lune du {date} en {sign}</strong> ouvre un nouveau chapitre dans votre {house} maison, celle où se jouent {topic}\u00a0: le bon moment pour poser une intention et commencer petit.',
      'Le {date}, la <strong>nouvelle lune en {sign}</strong> ensemence votre {house} maison, celle où se jouent {topic}. Semez une graine que vous aurez envie de soigner pendant six mois.',
      'Une <strong>nouvelle lune en {sign} le {date}</strong> renouvelle l’ambiance de votre {house} maison, celle où se jouent {topic}\u00a0; commencez sans bruit et laissez l’idée grandir.',
    ],
    fullMoon: [
      'La <strong>pleine lune du {date} en {sign}</strong> éclaire votre {house} maison, celle où se jouent {topic}, et porte à maturité ce qui a commencé il y a environ six mois.',
      'Quand la lune est pleine en {sign}, le {date}, votre {house} maison, celle où se jouent {topic}, demande une attention sincère\u00a0: terminez, lâchez prise ou célébrez.',
      'La <strong>pleine lune en {sign} du {date}</strong> charge d’émotion votre {house} maison, celle où se jouent {topic}\u00a0; observez ce qui a mûri.',
    ],
    firstQuarter: [
      'Le premier quartier du {date} en {sign} ({house} maison) met à l’épreuve les projets lancés à la nouvelle lune\u00a0; ajustez-les plutôt que d’y renoncer.',
      'Vers le {date}, la lune croissante en {sign} agite votre {house} maison, celle où se jouent {topic}, et vous demande une décision.',
    ],
    lastQuarter: [
      'Le dernier quartier du {date} en {sign}, dans votre {house} maison, est le bon moment pour vous défaire de ce qui ne vous sert plus.',
      'Vers le {date}, la lune décroissante en {sign} invite à faire le tri dans votre {house} maison, celle où se jouent {topic}.',
    ],
  },
  eclipseSentences: [
    'C’est {eclipse}\u00a0: ses effets peuvent se déployer sur les mois suivants.',
    'Il s’agit d’{eclipse}\u00a0: l’histoire qu’elle ouvre ira bien au-delà de ce jour.',
    'Comme c’est {eclipse}, elle marque un tournant plutôt qu’une humeur passagère.',
  ],
  ingresses: [
    '<strong>{planet} entre en {sign} le {date}</strong> et s’installe dans votre {house} maison\u00a0: {theme} se tournent vers {topic}.',
    '<strong>{planet} séjourne en {sign}</strong> à partir du {date}, dans votre {house} maison, et oriente {theme} vers {topic}.',
    'Le {date}, <strong>{planet} passe en {sign}</strong> et dans votre {house} maison, celle où se jouent {topic}\u00a0; {theme} suivent le mouvement.',
  ],
  retrogradeIngresses: [
    '{planet}, toujours rétrograde, revient en {sign} le {date} et repasse par votre {house} maison, celle où se jouent {topic}.',
    'Le {date}, {planet} rétrograde recule en {sign}, votre {house} maison\u00a0: les affaires en suspens concernant {topic} reviennent.',
  ],
  sunIngresses: [
    '<strong>Le Soleil entre en {sign} le {date}</strong> et passe le mois suivant dans votre {house} maison, celle où se jouent {topic}.',
    'À partir du {date}, <strong>le Soleil brille en {sign}</strong> et réchauffe pendant quatre semaines votre {house} maison, celle où se jouent {topic}.',
  ],
  stationsRetrograde: [
    '<strong>{planet} devient rétrograde le {date}</strong> à {degree} {sign}, dans votre {house} maison\u00a0: revoyez {topic} plutôt que de foncer.',
    'Le {date}, <strong>{planet} entame sa rétrogradation</strong> à {degree} {sign}. Dans votre {house} maison, celle où se jouent {topic}, mieux vaut y réfléchir à deux fois.',
  ],
  stationsDirect: [
    '<strong>{planet} reprend sa marche directe le {date}</strong> à {degree} {sign}\u00a0; les affaires de votre {house} maison, celle où se jouent {topic}, se remettent en mouvement.',
    'Le {date}, <strong>{planet} fait sa station directe</strong> à {degree} {sign}, et les retards concernant {topic} ({house} maison) commencent à se dissiper.',
  ],
  seasonOpenings: [
    'Avec le Soleil en {sign} au début de {span}, les projecteurs sont braqués sur votre {house} maison, celle où se jouent {topic}.',
    'Le Soleil passe une bonne partie de {span} en {sign}, votre {house} maison\u00a0: {topic} passent au premier plan.',
    'Au moment où s’ouvre {span}, le Soleil est en {sign}, dans votre {house} maison, celle où se jouent {topic}.',
  ],
  closings: [
    'Gardez des projets souples et des promesses modestes\u00a0: le ciel récompense les pas réguliers.',
    'Fiez-vous à ce que vous pouvez vérifier, et laissez un peu de temps au reste.',
    'Ménagez vos forces\u00a0: les journées les plus chargées ne sont pas toujours les plus importantes.',
    'Une petite marche, une soirée au calme et une liste claire vous aideront plus que l’inquiétude.',
    'Dites les mots gentils plutôt tôt que tard.',
  ],
  quietLines: [
    'Aucun grand changement planétaire sur cette période\u00a0: elle se prête au travail régulier sur ce qui est déjà lancé.',
    'Le ciel est calme, sans nouvelle phase lunaire ni changement planétaire\u00a0: profitez-en pour rattraper votre retard.',
  ],

  column: {
    retrogradeOne: '{planets} est <em>rétrograde</em> {opens}\u00a0: mieux vaut réviser que lancer.',
    retrogradeMany: '{planets} sont <em>rétrogrades</em> {opens}\u00a0: mieux vaut réviser que lancer.',
    opens: { weekly: 'en ce début de semaine', monthly: 'en ce début de mois' },
    keyDates: 'Dates clés',
    intro: '{sign}\u00a0: {when} tourne autour de {headline}, dans votre {house} maison, celle où se jouent {topic}.',
    quietIntro:
      '{sign}\u00a0: {when} est une période calme dans le ciel, avec le Soleil dans votre {house} maison, celle où se jouent {topic}.',
  },

  year: {
    risingNote:
      'Ces prévisions sont écrites pour l’<strong>ascendant {sign}</strong>\u00a0: les maisons sont comptées depuis votre ascendant, elles vous parleront donc davantage si vous connaissez votre heure de naissance. Les prévisions de votre signe solaire racontent le même ciel depuis un autre point de départ.',
    jupiterAndSaturn: 'Jupiter et Saturne',
    eclipseSeasons: 'Saisons d’éclipses',
    eclipseSeasonsText:
      'Les éclipses de {year} arrivent en {seasons}\u00a0: {months}. Les éclipses marquent des tournants\u00a0; les maisons où elles tombent montrent où {who} peut s’attendre à du changement.',
    retrogradePeriods: 'Périodes rétrogrades',
    retrogradePeriodsText: 'De bonnes semaines pour revoir, réparer et renouer plutôt que pour signer ou lancer\u00a0:',
    outerPlanets: 'Les planètes lentes',
    stays:
      '<strong>{planet}</strong> ({theme}) reste toute l’année en {sign}, dans votre {house} maison, celle où se jouent {topic}.',
    moves: '<strong>{planet}</strong> ({theme}) commence l’année en {sign}, votre {house} maison, puis {moves}.',
    moveInto: 'entre en {sign} le {date} (votre {house} maison, celle où se jouent {topic})',
    moveBackInto: 'revient en {sign} le {date} (votre {house} maison, celle où se jouent {topic})',
    retrogradeUntil:
      '{planet}\u00a0: rétrograde jusqu’au {date}, pour finir à {degree} {sign} dans votre {house} maison',
    retrogradeWithin: '{planet}\u00a0: {dates}, en {sign}, votre {house} maison',
    retrogradeAcross:
      '{planet}\u00a0: {dates}, d’abord en {sign} (votre {house} maison), puis de retour en {sign2} (votre {house2} maison)',
    retrogradeOpen: '{planet}\u00a0: à partir du {date} et jusqu’en {nextYear}, en {sign}, votre {house} maison',
    who: { sun: 'chaque {sign}', rising: 'chaque ascendant {sign}' },
    lead: { sun: '{sign}', rising: 'Ascendant {sign}' },
    intro:
      '{lead}\u00a0: l’année {year} est marquée par {headline}, dans votre {house} maison, celle où se jouent {topic}.',
    introJupiter:
      '{lead}\u00a0: {year} est une année de Jupiter en {sign}, qui fait grandir votre {house} maison, celle où se jouent {topic}.',
    seasons: (count) => (count === 1 ? 'une saison' : `${NUMBER_WORDS[count] ?? count} saisons`),
    eclipseCount: (count) =>
      count === 1
        ? 'Une seule éclipse marque le tournant.'
        : `${capitalize(NUMBER_WORDS[count] ?? String(count))} éclipses marquent les tournants.`,
  },

  natal: {
    planet: [
      '<p><strong>{planet} en {sign}</strong>\u00a0: {theme} s’expriment avec un style {qualities}.</p>',
      '<p>Avec <strong>{subject} en {sign}</strong>, {theme} prennent un ton {qualities}.</p>',
      '<p><strong>{planet} en {sign}</strong>\u00a0: {theme} adoptent un air {qualities}.</p>',
    ],
    house: [
      '<p>{Subject} dans la {house} maison engage {theme} dans {topic}.</p>',
      '<p>Depuis la {house} maison, {subject} oriente {theme} vers {topic}.</p>',
    ],
    intro: natalIntro,
  },
};
