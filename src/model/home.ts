// The home page: a tile per sign leading to its hub, with this week's own line of the sign (highlights.ts), and the
// sky on the build's date (today.ts).
import type { Messages } from '../data/i18n.ts';
import type { Sign } from '../data/signs.ts';
import { todayView, type TodayView } from './today.ts';
import type { PeriodHub, SignHub } from './types.ts';

export interface SignTile {
  sign: Sign;
  /** The sign hub. */
  url: string;
  /** This week's report, when the site publishes one. */
  weekly?: { url: string; period: string; highlight: string; linkText: string };
}

export interface HomeView {
  /** The page's h1 (not the site's name, which the header carries). */
  heading: string;
  tiles: SignTile[];
  /** The sky on the build's date (today.ts). */
  today: TodayView;
}

export function homeView(signHubs: readonly SignHub[], periodHubs: readonly PeriodHub[], buildDate: string, messages: Messages): HomeView {
  const { t } = messages;
  const week = periodHubs.find((hub) => hub.kind === 'weekly' && hub.period.isCurrent);
  return {
    heading: t('home.heading'),
    today: todayView(buildDate, signHubs.map((hub) => hub.sign), messages),
    tiles: signHubs.map((hub): SignTile => {
      const report = hub.current.weekly;
      return {
        sign: hub.sign,
        url: hub.url,
        ...(report ? { weekly: { url: report.url, period: report.period.label, highlight: week?.highlights[hub.sign.id] ?? '', linkText: t('home.signThisWeek', { sign: hub.sign.name }) } } : {}),
      };
    }),
  };
}
