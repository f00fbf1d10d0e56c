// The sample service's Spanish (see ./phrase-bank.ts for the shape and the slots). Houses are feminine ordinals
// before "casa" ("tu tercera casa"); topics and themes carry their articles, and `finish` contracts "de el" and
// "a el" as Spanish requires, so templates can write "la de {topic}" whatever the topic's gender.
import { capitalize, utcDates, type HeadlineEvent, type NatalIntro, type PhraseBank } from './phrase-bank.ts';
import type { EclipseKind } from '../sky/events.ts';

const dayMonth = utcDates('es', { month: 'long', day: 'numeric' });
const dayMonthYear = utcDates('es', { month: 'long', day: 'numeric', year: 'numeric' });
const NUMBER_WORDS = ['ningún', 'un', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho'];
const ORDINALS = [
  'primera',
  'segunda',
  'tercera',
  'cuarta',
  'quinta',
  'sexta',
  'séptima',
  'octava',
  'novena',
  'décima',
  'undécima',
  'duodécima',
];
const ECLIPSE_KINDS: Record<EclipseKind, string> = {
  penumbral: 'penumbral',
  partial: 'parcial',
  annular: 'anular',
  total: 'total',
  hybrid: 'híbrido',
};
const PHASE_NAMES = {
  newMoon: 'la luna nueva',
  firstQuarter: 'el cuarto creciente',
  fullMoon: 'la luna llena',
  lastQuarter: 'el cuarto menguante',
};
const PLANETS = {
  Sun: 'Sol',
  Moon: 'Luna',
  Mercury: 'Mercurio',
  Venus: 'Venus',
  Mars: 'Marte',
  Jupiter: 'Júpiter',
  Saturn: 'Saturno',
  Uranus: 'Urano',
  Neptune: 'Neptuno',
  Pluto: 'Plutón',
};
const SUBJECTS = { ...PLANETS, Sun: 'el Sol', Moon: 'la Luna' };

/** 'a, b y c'; "y" becomes "e" before an i sound ("valiente e impaciente"). */
function list(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  const last = items[items.length - 1]!;
  const and = /^h?[iíIÍ](?![aeiouáéíóú])/.test(last) ? 'e' : 'y';
  return `${items.slice(0, -1).join(', ')} ${and} ${last}`;
}

/** "de el" → "del", "a el" → "al" (the article only: "de El Cairo" keeps its capital and is left alone). */
function contract(text: string): string {
  return text.replace(/(?<![\p{L}\p{N}])(de|De|a|A) el(?![\p{L}\p{N}])/gu, (_, word: string) => `${word}l`);
}

function day(date: Date, periodYear?: number): string {
  return periodYear === undefined || date.getUTCFullYear() === periodYear ? dayMonth(date) : dayMonthYear(date);
}

/** 'la semana del 23 al 29 de noviembre de 2026', 'del 30 de marzo al 5 de abril de 2026', 'del 28 de diciembre de 2026 al 3 de enero de 2027'. */
function weekLabel(first: Date, last: Date): string {
  if (first.getUTCFullYear() !== last.getUTCFullYear())
    return `la semana del ${dayMonthYear(first)} al ${dayMonthYear(last)}`;
  if (first.getUTCMonth() === last.getUTCMonth()) return `la semana del ${first.getUTCDate()} al ${dayMonthYear(last)}`;
  return `la semana del ${dayMonth(first)} al ${dayMonthYear(last)}`;
}

/** 'del 7 al 28 de octubre', 'del 26 de febrero al 20 de marzo'. */
function dayRange(first: Date, last: Date): string {
  return `del ${first.getUTCMonth() === last.getUTCMonth() ? first.getUTCDate() : dayMonth(first)} al ${dayMonth(last)}`;
}

function headline(e: HeadlineEvent): string {
  if (e.type === 'phase') return `${e.eclipse ? `el ${e.eclipse}` : PHASE_NAMES[e.phase]} del ${e.date} en ${e.sign}`;
  const planet = SUBJECTS[e.planet];
  if (e.type === 'ingress') {
    return e.retrograde
      ? `el regreso de ${planet}, retrógrado, a ${e.sign} el ${e.date}`
      : `la entrada de ${planet} en ${e.sign} el ${e.date}`;
  }
  return `el paso de ${planet} a ${e.direction === 'retrograde' ? 'retrógrado' : 'directo'} el ${e.date} en ${e.sign}`;
}

function natalIntro(b: NatalIntro): string {
  const born = dayMonthYear(new Date(`${b.date}T00:00:00Z`));
  const at = b.time.startsWith('01:') ? 'a la' : 'a las';
  return `${b.name} nació el ${born} ${at} ${b.time} en ${b.place}: Sol en ${b.sun}, Luna en ${b.moon}, ascendente ${b.rising}.`;
}

export const ES: PhraseBank = {
  signNames: [
    'Aries',
    'Tauro',
    'Géminis',
    'Cáncer',
    'Leo',
    'Virgo',
    'Libra',
    'Escorpio',
    'Sagitario',
    'Capricornio',
    'Acuario',
    'Piscis',
  ],
  planetNames: PLANETS,
  planetSubjects: SUBJECTS,
  houseTopics: [
    'el yo, el cuerpo y la primera impresión',
    'el dinero, las posesiones y la autoestima',
    'las conversaciones, los hermanos y los viajes cortos',
    'el hogar, la familia y las raíces',
    'el amor, la creatividad y el juego',
    'el trabajo diario, las rutinas y la salud',
    'la pareja y las relaciones de tú a tú',
    'el dinero compartido, la intimidad y las transformaciones',
    'los viajes, los estudios y las creencias',
    'la carrera, la reputación y la ambición',
    'los amigos, los grupos y las esperanzas',
    'el descanso, el retiro y la cara oculta de la vida',
  ],
  planetThemes: {
    Sun: 'tu atención y tu vitalidad',
    Moon: 'tus estados de ánimo y tus necesidades',
    Mercury: 'las ideas, las conversaciones y los planes',
    Venus: 'el amor, el placer y el dinero',
    Mars: 'el impulso, el coraje y el carácter',
    Jupiter: 'el crecimiento, la suerte y la generosidad',
    Saturn: 'el deber, la estructura y la paciencia',
    Uranus: 'las sorpresas y las ansias de libertad',
    Neptune: 'los sueños, los ideales y la intuición',
    Pluto: 'el poder y la renovación profunda',
  },
  // Masculine singular: the templates put them after "un estilo", "un tono", "un aire".
  signQualities: [
    'directo, valiente e impaciente',
    'constante, sensual y paciente',
    'curioso, ágil e inquieto',
    'protector, tierno y cambiante',
    'cálido, orgulloso y generoso',
    'preciso, servicial y autocrítico',
    'justo, encantador e indeciso',
    'intenso, leal y reservado',
    'optimista, franco y expansivo',
    'disciplinado, ambicioso y socarrón',
    'independiente, inventivo y distante',
    'imaginativo, delicado y permeable',
  ],

  ordinal: (n) => ORDINALS[n - 1] ?? `${n}.ª`,
  withArticle: (eclipse) => `un ${eclipse}`,
  eclipseName: (kind, solar) => `eclipse ${solar ? 'solar' : 'lunar'} ${ECLIPSE_KINDS[kind]}`,
  list,
  finish: contract,
  day,
  dayRange,
  monthName: utcDates('es', { month: 'long' }),
  weekLabel,
  monthLabel: utcDates('es', { month: 'long', year: 'numeric' }),
  spans: { weekly: 'esta semana', monthly: 'este mes', yearly: 'este año' },
  headline,

  phases: {
    newMoon: [
      'La <strong>luna nueva del {date} en {sign}</strong> abre un capítulo nuevo en tu {house} casa, la de {topic}: buen momento para fijar una intención y empezar con pasos pequeños.',
      'El {date}, la <strong>luna nueva en {sign}</strong> siembra tu {house} casa, la de {topic}. Planta algo que quieras cuidar durante los próximos seis meses.',
      'Una <strong>luna nueva en {sign} el {date}</strong> renueva el ambiente de tu {house} casa, la de {topic}; empieza sin ruido y deja que la idea crezca.',
    ],
    fullMoon: [
      'La <strong>luna llena del {date} en {sign}</strong> ilumina tu {house} casa, la de {topic}, y lleva a su punto culminante lo que empezó hace unos seis meses.',
      'Con la luna llena en {sign} el {date}, tu {house} casa, la de {topic}, pide una mirada sincera: cierra, suelta o celebra.',
      'La <strong>luna llena en {sign} del {date}</strong> carga de emoción tu {house} casa, la de {topic}; fíjate en lo que ha madurado.',
    ],
    firstQuarter: [
      'El cuarto creciente del {date} en {sign} ({house} casa) pone a prueba los planes que hiciste en la luna nueva; ajústalos en vez de abandonarlos.',
      'Hacia el {date}, la media luna creciente en {sign} agita tu {house} casa, la de {topic}, y te pide una decisión.',
    ],
    lastQuarter: [
      'El cuarto menguante del {date} en {sign}, en tu {house} casa, es buen momento para despejar lo que ya no te sirve.',
      'Hacia el {date}, la media luna menguante en {sign} invita a poner orden en tu {house} casa, la de {topic}.',
    ],
  },
  eclipseSentences: [
    'Es {eclipse}, así que sus efectos pueden notarse durante los meses siguientes.',
    'Se trata de {eclipse}: la historia que empieza ahora irá mucho más allá de ese día.',
    'Al ser {eclipse}, marca un punto de inflexión y no un simple estado de ánimo pasajero.',
  ],
  ingresses: [
    '<strong>{planet} entra en {sign} el {date}</strong> y se instala en tu {house} casa: {theme} se orientan hacia {topic}.',
    'Desde el {date}, <strong>{planet} recorre {sign}</strong>, tu {house} casa, y lleva {theme} a los asuntos de {topic}.',
    'El {date} <strong>{planet} pasa a {sign}</strong> y a tu {house} casa, la de {topic}, y con él se mueven {theme}.',
  ],
  retrogradeIngresses: [
    '{planet}, todavía retrógrado, vuelve a {sign} el {date} y repasa tu {house} casa, la de {topic}.',
    'El {date}, {planet} retrógrado retrocede hasta {sign}, tu {house} casa: vuelven los asuntos pendientes en torno a {topic}.',
  ],
  sunIngresses: [
    '<strong>El Sol entra en {sign} el {date}</strong> y pasa el mes siguiente en tu {house} casa, la de {topic}.',
    'Desde el {date} <strong>el Sol brilla en {sign}</strong> y calienta durante cuatro semanas tu {house} casa, la de {topic}.',
  ],
  stationsRetrograde: [
    '<strong>{planet} se pone retrógrado el {date}</strong> a {degree} de {sign}, en tu {house} casa: toca revisar {topic} en lugar de forzar la marcha.',
    'El {date} <strong>{planet} inicia su retrogradación</strong> a {degree} de {sign}. En tu {house} casa, la de {topic}, merece la pena pensarse las cosas dos veces.',
  ],
  stationsDirect: [
    '<strong>{planet} retoma la marcha directa el {date}</strong> a {degree} de {sign}; los asuntos de {topic} de tu {house} casa vuelven a avanzar.',
    'El {date} <strong>{planet} se pone directo</strong> a {degree} de {sign}, y los retrasos en torno a {topic} ({house} casa) empiezan a despejarse.',
  ],
  seasonOpenings: [
    'Con el Sol en {sign} al comenzar {span}, los focos apuntan a tu {house} casa, la de {topic}.',
    'El Sol pasa buena parte de {span} en {sign}, tu {house} casa, así que {topic} pasan a primer plano.',
    'Al arrancar {span}, el Sol recorre {sign} y tu {house} casa, la de {topic}.',
  ],
  closings: [
    'Mantén planes flexibles y promesas modestas: el cielo premia los pasos firmes.',
    'Confía en lo que puedas comprobar y dale al resto un poco de tiempo.',
    'Dosifica tus fuerzas: los días más ajetreados no siempre son los más importantes.',
    'Un paseo corto, acostarte temprano y una lista clara te ayudarán más que darle vueltas a todo.',
    'Si tienes algo bonito que decir, no lo dejes para mañana.',
  ],
  quietLines: [
    'En este tramo no hay grandes cambios planetarios, así que es buen momento para avanzar con constancia en lo que ya está en marcha.',
    'El cielo está tranquilo, sin nueva fase lunar ni cambios planetarios: aprovecha la calma para ponerte al día.',
  ],

  column: {
    retrogradeOne: '{planets} está <em>retrógrado</em> {opens}: mejor momento para revisar que para lanzar algo nuevo.',
    retrogradeMany:
      '{planets} están <em>retrógrados</em> {opens}: mejor momento para revisar que para lanzar algo nuevo.',
    opens: { weekly: 'al arrancar la semana', monthly: 'al arrancar el mes' },
    keyDates: 'Fechas clave',
    intro: '{sign}: {when} gira en torno a {headline}, en tu {house} casa, la de {topic}.',
    quietIntro: '{sign}: {when} es un tramo tranquilo en el cielo, con el Sol en tu {house} casa, la de {topic}.',
  },

  year: {
    risingNote:
      'Esta previsión es para quienes tienen <strong>ascendente {sign}</strong>: las casas se cuentan desde tu signo ascendente, así que te será más útil si conoces tu hora de nacimiento. La previsión de tu signo solar cuenta el mismo cielo desde otro punto de partida.',
    jupiterAndSaturn: 'Júpiter y Saturno',
    eclipseSeasons: 'Temporadas de eclipses',
    eclipseSeasonsText:
      'Los eclipses de {year} llegan en {seasons}: {months}. Los eclipses marcan puntos de inflexión, y las casas en las que caen muestran dónde le esperan cambios a {who}.',
    retrogradePeriods: 'Periodos retrógrados',
    retrogradePeriodsText:
      'Buenas semanas para revisar, reparar y retomar contactos, más que para firmar o lanzar algo nuevo:',
    outerPlanets: 'Los planetas lentos',
    stays: '<strong>{planet}</strong> ({theme}) pasa todo el año en {sign}, tu {house} casa, la de {topic}.',
    moves: '<strong>{planet}</strong> ({theme}) empieza el año en {sign}, tu {house} casa, y después {moves}.',
    moveInto: 'entra en {sign} el {date} (tu {house} casa, la de {topic})',
    moveBackInto: 'vuelve a {sign} el {date} (tu {house} casa, la de {topic})',
    retrogradeUntil: '{planet}: retrógrado hasta el {date}; termina en {degree} de {sign}, en tu {house} casa',
    retrogradeWithin: '{planet}: {dates}, en {sign}, tu {house} casa',
    retrogradeAcross: '{planet}: {dates}, de {sign} (tu {house} casa) de vuelta a {sign2} (tu {house2} casa)',
    retrogradeOpen: '{planet}: desde el {date} hasta entrado {nextYear}, en {sign}, tu {house} casa',
    who: { sun: '{sign}', rising: 'quien tiene ascendente {sign}' },
    lead: { sun: '{sign}', rising: 'Ascendente {sign}' },
    intro: '{lead}: {year} viene marcado por {headline}, en tu {house} casa, la de {topic}.',
    introJupiter: '{lead}: {year} es un año de Júpiter en {sign}, que hace crecer tu {house} casa, la de {topic}.',
    seasons: (count) => (count === 1 ? 'una temporada' : `${NUMBER_WORDS[count] ?? count} temporadas`),
    eclipseCount: (count) =>
      count === 1
        ? 'Un único eclipse marca el punto de inflexión.'
        : `${capitalize(NUMBER_WORDS[count] ?? String(count))} eclipses marcan los puntos de inflexión.`,
  },

  natal: {
    planet: [
      '<p><strong>{planet} en {sign}</strong>: {theme} se expresan con un estilo {qualities}.</p>',
      '<p>Con <strong>{subject} en {sign}</strong>, {theme} adoptan un tono {qualities}.</p>',
      '<p><strong>{planet} en {sign}</strong> da a {theme} un aire {qualities}.</p>',
    ],
    house: [
      '<p>{Subject} en la {house} casa pone {theme} al servicio de {topic}.</p>',
      '<p>Desde la {house} casa, {subject} orienta {theme} hacia {topic}.</p>',
    ],
    intro: natalIntro,
  },
};
