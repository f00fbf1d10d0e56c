// The sample service's Portuguese (see ./phrase-bank.ts for the shape and the slots): Portugal's (`PT`) and
// Brazil's (`PT_BR`), both addressing the reader as "você" (third person, "a sua casa" / "sua casa") like the site's
// own words in each. The templates keep to words and clitics both countries write alike; Brazil's bank differs in
// sign and planet names (Câncer, Gêmeos, Vênus, Netuno), in "1º de março", and drops the article before a
// possessive ("ilumina sua casa"). Houses are feminine ordinals before "casa"; topics and themes carry their
// articles, and `finish` joins "de", "em", "a" and "por" with them ("de o" → "do", "a a" → "à", "por a" → "pela").
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

const monthOnly = utcDates('pt', { month: 'long' });
const FEMININE_NUMBERS = ['nenhuma', 'uma', 'duas', 'três', 'quatro', 'cinco', 'seis', 'sete', 'oito'];
const MASCULINE_NUMBERS = ['nenhum', 'um', 'dois', 'três', 'quatro', 'cinco', 'seis', 'sete', 'oito'];
const ORDINALS = [
  'primeira',
  'segunda',
  'terceira',
  'quarta',
  'quinta',
  'sexta',
  'sétima',
  'oitava',
  'nona',
  'décima',
  'décima primeira',
  'décima segunda',
];
const ECLIPSE_KINDS: Record<EclipseKind, string> = {
  penumbral: 'penumbral',
  partial: 'parcial',
  annular: 'anular',
  total: 'total',
  hybrid: 'híbrido',
};
const PHASE_NAMES = {
  newMoon: 'a lua nova',
  firstQuarter: 'o quarto crescente',
  fullMoon: 'a lua cheia',
  lastQuarter: 'o quarto minguante',
};

const JOINED: Record<string, Record<string, string>> = {
  de: { o: 'do', a: 'da', os: 'dos', as: 'das', este: 'deste', esta: 'desta' },
  em: { o: 'no', a: 'na', os: 'nos', as: 'nas', este: 'neste', esta: 'nesta' },
  a: { o: 'ao', a: 'à', os: 'aos', as: 'às' },
  por: { o: 'pelo', a: 'pela', os: 'pelos', as: 'pelas' },
};

/** "de o" → "do", "em a" → "na", "a a" → "à", "por os" → "pelos", "de esta" → "desta" (templates write these only as preposition and article). */
function contract(text: string): string {
  return text.replace(
    /(?<![\p{L}\p{N}])(de|em|a|por) (o|a|os|as|este|esta)(?![\p{L}\p{N}])/gu,
    (whole, p: string, a: string) => JOINED[p]![a] ?? whole,
  );
}

/** Brazil: no article before a possessive ("a sua casa" → "sua casa", "A sua" → "Sua"); "à sua", "na sua" stay. */
function brazilian(text: string): string {
  return contract(text).replace(
    /(?<![\p{L}\p{N}])([oaOA]s?) ((?:seu|sua)s?)(?![\p{L}\p{N}])/gu,
    (_, article: string, possessive: string) =>
      article[0] === article[0]!.toUpperCase() ? capitalize(possessive) : possessive,
  );
}

function list(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} e ${items[items.length - 1]}`;
}

interface Variant {
  signNames: Twelve<string>;
  planetNames: Readonly<Record<PlanetName, string>>;
  /** The first of the month: '1' (Portugal), '1º' (Brazil). */
  first: string;
  finish(text: string): string;
}

/** What both variants write alike. */
const TEXTS = {
  houseTopics: [
    'o eu, o corpo e a primeira impressão',
    'o dinheiro, os bens e a autoestima',
    'as conversas, os irmãos e as pequenas viagens',
    'o lar, a família e as raízes',
    'o amor, a criatividade e o lazer',
    'o trabalho diário, as rotinas e a saúde',
    'as parcerias e as relações a dois',
    'os recursos em comum, a intimidade e a transformação',
    'as viagens, os estudos e as crenças',
    'a carreira, a reputação e a ambição',
    'os amigos, os grupos e as esperanças',
    'o descanso, o recolhimento e o lado oculto da vida',
  ],
  planetThemes: {
    Sun: 'a sua atenção e a sua vitalidade',
    Moon: 'os seus estados de espírito e as suas necessidades',
    Mercury: 'as ideias, as conversas e os planos',
    Venus: 'o amor, o prazer e o dinheiro',
    Mars: 'o impulso, a coragem e o temperamento',
    Jupiter: 'o crescimento, a sorte e a generosidade',
    Saturn: 'o dever, a estrutura e a paciência',
    Uranus: 'as surpresas e a vontade de liberdade',
    Neptune: 'os sonhos, os ideais e a intuição',
    Pluto: 'o poder e a renovação profunda',
  },
  // Masculine singular: the templates put them after "um estilo", "um tom", "um ar".
  signQualities: [
    'direto, corajoso e impaciente',
    'constante, sensual e paciente',
    'curioso, ágil e inquieto',
    'protetor, terno e inconstante',
    'caloroso, orgulhoso e generoso',
    'preciso, dedicado e autocrítico',
    'justo, encantador e indeciso',
    'intenso, leal e reservado',
    'otimista, franco e expansivo',
    'disciplinado, ambicioso e de humor seco',
    'independente, inventivo e distante',
    'imaginativo, delicado e permeável',
  ],

  phases: {
    newMoon: [
      'A <strong>lua nova do dia {date} em {sign}</strong> abre um novo capítulo na sua {house} casa, que envolve {topic}: um bom momento para definir uma intenção e começar aos poucos.',
      'No dia {date}, a <strong>lua nova em {sign}</strong> semeia a sua {house} casa, que envolve {topic}. Plante algo que queira cuidar nos próximos seis meses.',
      'Uma <strong>lua nova em {sign} no dia {date}</strong> renova o ambiente da sua {house} casa, que envolve {topic}; comece sem alarde e deixe a ideia crescer.',
    ],
    fullMoon: [
      'A <strong>lua cheia do dia {date} em {sign}</strong> ilumina a sua {house} casa, que envolve {topic}, e leva ao auge o que começou há cerca de seis meses.',
      'Com a lua cheia em {sign} no dia {date}, a sua {house} casa, que envolve {topic}, pede uma atenção sincera: conclua, deixe ir ou celebre.',
      'A <strong>lua cheia em {sign} do dia {date}</strong> enche de emoção a sua {house} casa, que envolve {topic}; observe o que amadureceu.',
    ],
    firstQuarter: [
      'O quarto crescente do dia {date} em {sign} ({house} casa) põe à prova os planos feitos na lua nova; ajuste o rumo em vez de desistir.',
      'Por volta do dia {date}, a meia-lua crescente em {sign} agita a sua {house} casa, que envolve {topic}, e pede uma decisão.',
    ],
    lastQuarter: [
      'O quarto minguante do dia {date} em {sign}, na sua {house} casa, é um bom momento para deixar para trás o que já não serve.',
      'Por volta do dia {date}, a meia-lua minguante em {sign} convida a arrumar a sua {house} casa, que envolve {topic}.',
    ],
  },
  eclipseSentences: [
    'É {eclipse}, e os seus efeitos podem durar vários meses.',
    'Trata-se de {eclipse}: a história que começa agora vai muito além desse dia.',
    'Por ser {eclipse}, marca um momento decisivo, e não um humor passageiro.',
  ],
  ingresses: [
    '<strong>{planet} entra em {sign} no dia {date}</strong> e chega à sua {house} casa, que envolve {topic}: {theme} ganham novo foco.',
    '<strong>{planet} fica em {sign}</strong> a partir do dia {date}, na sua {house} casa, e leva {theme} para tudo o que envolve {topic}.',
    'No dia {date}, <strong>{planet} passa para {sign}</strong> e para a sua {house} casa, que envolve {topic}; {theme} acompanham o movimento.',
  ],
  retrogradeIngresses: [
    '{planet}, ainda em movimento retrógrado, volta a {sign} no dia {date} e revisita a sua {house} casa, que envolve {topic}.',
    'No dia {date}, {planet} recua em movimento retrógrado até {sign}, a sua {house} casa: regressam as questões pendentes que envolvem {topic}.',
  ],
  sunIngresses: [
    '<strong>O Sol entra em {sign} no dia {date}</strong> e passa o mês seguinte na sua {house} casa, que envolve {topic}.',
    'A partir do dia {date}, <strong>o Sol brilha em {sign}</strong> e aquece durante quatro semanas a sua {house} casa, que envolve {topic}.',
  ],
  stationsRetrograde: [
    '<strong>{planet} inicia o movimento retrógrado no dia {date}</strong> a {degree} de {sign}, na sua {house} casa: reveja {topic} em vez de forçar o passo.',
    'No dia {date}, <strong>{planet} faz a sua estação retrógrada</strong> a {degree} de {sign}. Na sua {house} casa, que envolve {topic}, vale a pena pensar duas vezes.',
  ],
  stationsDirect: [
    '<strong>{planet} retoma o movimento direto no dia {date}</strong> a {degree} de {sign}; tudo o que envolve {topic} na sua {house} casa volta a avançar.',
    'No dia {date}, <strong>{planet} faz a sua estação direta</strong> a {degree} de {sign}, e os atrasos que envolvem {topic} ({house} casa) começam a ficar para trás.',
  ],
  seasonOpenings: [
    'Com o Sol em {sign} no início de {span}, as atenções estão na sua {house} casa, que envolve {topic}.',
    'O Sol passa boa parte de {span} em {sign}, a sua {house} casa, por isso {topic} ganham destaque.',
    'Ao começar {span}, o Sol está em {sign}, na sua {house} casa, que envolve {topic}.',
  ],
  closings: [
    'Mantenha planos flexíveis e promessas modestas: o céu recompensa os passos firmes.',
    'Confie no que pode verificar e dê ao resto um pouco de tempo.',
    'Poupe energia: os dias mais cheios nem sempre são os mais importantes.',
    'Uma caminhada curta, deitar cedo e uma lista clara ajudam mais do que a preocupação.',
    'Se tem algo carinhoso para dizer, não deixe para amanhã.',
  ],
  quietLines: [
    'Não há grandes mudanças planetárias neste período, o que o torna bom para avançar com constância no que já está em andamento.',
    'O céu está calmo, sem nova fase da lua nem mudanças planetárias: aproveite a calma para pôr tudo em dia.',
  ],

  column: {
    retrogradeOne: '{planets} está em <em>movimento retrógrado</em> {opens}: melhor rever do que lançar algo novo.',
    retrogradeMany: '{planets} estão em <em>movimento retrógrado</em> {opens}: melhor rever do que lançar algo novo.',
    opens: { weekly: 'no início da semana', monthly: 'no início do mês' },
    keyDates: 'Datas-chave',
    intro: '{sign}: {when} gira em torno de {headline}, na sua {house} casa, que envolve {topic}.',
    quietIntro: '{sign}: {when} é um período calmo no céu, com o Sol na sua {house} casa, que envolve {topic}.',
  },

  year: {
    risingNote:
      'Esta previsão é para quem tem <strong>ascendente em {sign}</strong>: as casas são contadas a partir do seu ascendente, por isso é mais útil se souber a sua hora de nascimento. A previsão do seu signo solar conta o mesmo céu a partir de outro ponto de partida.',
    jupiterAndSaturn: 'Júpiter e Saturno',
    eclipseSeasons: 'Temporadas de eclipses',
    eclipseSeasonsText:
      'Os eclipses de {year} chegam em {seasons}: {months}. Os eclipses marcam momentos decisivos; as casas onde caem mostram onde {who} pode esperar mudanças.',
    retrogradePeriods: 'Períodos retrógrados',
    retrogradePeriodsText:
      'Boas semanas para rever, reparar e reatar laços, mais do que para assinar ou lançar algo novo:',
    outerPlanets: 'Os planetas lentos',
    stays:
      '<strong>{planet}</strong> ({theme}) fica o ano inteiro em {sign}, na sua {house} casa, que envolve {topic}.',
    moves: '<strong>{planet}</strong> ({theme}) começa o ano em {sign}, a sua {house} casa, e depois {moves}.',
    moveInto: 'entra em {sign} no dia {date} (a sua {house} casa, que envolve {topic})',
    moveBackInto: 'volta a {sign} no dia {date} (a sua {house} casa, que envolve {topic})',
    retrogradeUntil: '{planet}: em movimento retrógrado até {date}, e termina a {degree} de {sign} na sua {house} casa',
    retrogradeWithin: '{planet}: {dates}, em {sign}, a sua {house} casa',
    retrogradeAcross:
      '{planet}: {dates}, primeiro em {sign} (a sua {house} casa), depois de volta a {sign2} (a sua {house2} casa)',
    retrogradeOpen:
      '{planet}: a partir do dia {date}, ainda em curso no início de {nextYear}, em {sign}, a sua {house} casa',
    who: { sun: 'quem é de {sign}', rising: 'quem tem ascendente em {sign}' },
    lead: { sun: '{sign}', rising: 'Ascendente em {sign}' },
    intro: '{lead}: {year} é marcado por {headline}, na sua {house} casa, que envolve {topic}.',
    introJupiter:
      '{lead}: {year} é um ano de Júpiter em {sign}, que faz crescer a sua {house} casa, que envolve {topic}.',
    seasons: (count) => (count === 1 ? 'uma temporada' : `${FEMININE_NUMBERS[count] ?? count} temporadas`),
    eclipseCount: (count) =>
      count === 1
        ? 'Um único eclipse marca o momento decisivo.'
        : `${capitalize(MASCULINE_NUMBERS[count] ?? String(count))} eclipses marcam os momentos decisivos.`,
  },
} satisfies Partial<PhraseBank>;

const NATAL_TEXTS = {
  planet: [
    '<p><strong>{planet} em {sign}</strong>: {theme} ganham um estilo {qualities}.</p>',
    '<p>Com <strong>{subject} em {sign}</strong>, {theme} assumem um tom {qualities}.</p>',
    '<p><strong>{planet} em {sign}</strong>: um ar {qualities} marca {theme}.</p>',
  ],
  house: [
    '<p>{Subject} na {house} casa leva {theme} para {topic}.</p>',
    '<p>A partir da {house} casa, {subject} orienta {theme} para {topic}.</p>',
  ],
} satisfies Partial<PhraseBank['natal']>;

function portuguese(v: Variant): PhraseBank {
  const dayNumber = (date: Date) => (date.getUTCDate() === 1 ? v.first : String(date.getUTCDate()));
  /** '9 de dezembro', '3 de janeiro de 2027'. */
  const day = (date: Date, periodYear?: number) => {
    const words = `${dayNumber(date)} de ${monthOnly(date)}`;
    return periodYear === undefined || date.getUTCFullYear() === periodYear
      ? words
      : `${words} de ${date.getUTCFullYear()}`;
  };
  /** 'a semana de 7 a 13 de dezembro de 2026', '… de 30 de novembro a 6 de dezembro de 2026', '… de 28 de dezembro de 2026 a 3 de janeiro de 2027'. */
  const weekLabel = (first: Date, last: Date) => {
    const y2 = last.getUTCFullYear();
    if (first.getUTCFullYear() !== y2) return `a semana de ${day(first, y2)} a ${day(last, 0)}`;
    if (first.getUTCMonth() === last.getUTCMonth()) return `a semana de ${dayNumber(first)} a ${day(last, 0)}`;
    return `a semana de ${day(first)} a ${day(last, 0)}`;
  };
  const subjects = { ...v.planetNames, Sun: 'o Sol', Moon: 'a Lua' };
  const headline = (e: HeadlineEvent) => {
    if (e.type === 'phase')
      return `${e.eclipse ? `o ${e.eclipse}` : PHASE_NAMES[e.phase]} do dia ${e.date} em ${e.sign}`;
    const planet = subjects[e.planet];
    if (e.type === 'ingress') {
      return e.retrograde
        ? `o retorno de ${planet}, em movimento retrógrado, a ${e.sign} no dia ${e.date}`
        : `a entrada de ${planet} em ${e.sign} no dia ${e.date}`;
    }
    return `a estação ${e.direction === 'retrograde' ? 'retrógrada' : 'direta'} de ${planet} no dia ${e.date} em ${e.sign}`;
  };
  const natalIntro = (b: NatalIntro) => {
    const born = day(new Date(`${b.date}T00:00:00Z`), 0);
    const [hours, minutes] = b.time.split(':');
    const at = hours === '01' ? 'à' : 'às';
    return `${b.name}: nascimento no dia ${born}, ${at} ${Number(hours)}h${minutes}, em ${b.place}; Sol em ${b.sun}, Lua em ${b.moon}, ascendente em ${b.rising}.`;
  };

  return {
    signNames: v.signNames,
    planetNames: v.planetNames,
    planetSubjects: subjects,
    ...TEXTS,
    ordinal: (n) => ORDINALS[n - 1] ?? `${n}.ª`,
    withArticle: (eclipse) => `um ${eclipse}`,
    eclipseName: (kind, solar) => `eclipse ${solar ? 'solar' : 'lunar'} ${ECLIPSE_KINDS[kind]}`,
    list,
    finish: v.finish,
    day,
    dayRange: (first, last) =>
      `de ${first.getUTCMonth() === last.getUTCMonth() ? dayNumber(first) : day(first)} a ${day(last)}`,
    monthName: monthOnly,
    weekLabel,
    monthLabel: (first) => `o mês de ${monthOnly(first)} de ${first.getUTCFullYear()}`,
    spans: { weekly: 'esta semana', monthly: 'este mês', yearly: 'este ano' },
    headline,

    natal: {
      ...NATAL_TEXTS,
      intro: natalIntro,
    },
  };
}

const PLANETS_PT = {
  Sun: 'Sol',
  Moon: 'Lua',
  Mercury: 'Mercúrio',
  Venus: 'Vénus',
  Mars: 'Marte',
  Jupiter: 'Júpiter',
  Saturn: 'Saturno',
  Uranus: 'Urano',
  Neptune: 'Neptuno',
  Pluto: 'Plutão',
};

export const PT: PhraseBank = portuguese({
  signNames: [
    'Áries',
    'Touro',
    'Gémeos',
    'Caranguejo',
    'Leão',
    'Virgem',
    'Libra',
    'Escorpião',
    'Sagitário',
    'Capricórnio',
    'Aquário',
    'Peixes',
  ],
  planetNames: PLANETS_PT,
  first: '1',
  finish: contract,
});

export const PT_BR: PhraseBank = portuguese({
  signNames: [
    'Áries',
    'Touro',
    'Gêmeos',
    'Câncer',
    'Leão',
    'Virgem',
    'Libra',
    'Escorpião',
    'Sagitário',
    'Capricórnio',
    'Aquário',
    'Peixes',
  ],
  planetNames: { ...PLANETS_PT, Venus: 'Vênus', Neptune: 'Netuno' },
  first: '1º',
  finish: brazilian,
});
