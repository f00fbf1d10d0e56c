// The home page: a tile per sign leading to its hub, with the sign's line of the day (daily.ts) and this week's
// opening, which the remembered sign's tile shows on the first screen, and the sky on the build's date (today.ts).
import type { Messages } from '../data/i18n.ts';
import type { Sign } from '../data/signs.ts';
import type { DailyLine } from './daily.ts';
import { todayView, type TodayView } from './today.ts';
import type { PeriodHub, SignHub } from './types.ts';

export interface SignTile {
  sign: Sign;
  /** The sign hub. */
  url: string;
  /** This week's report, when the site publishes one: its opening (the remembered sign's tile shows it) and link. */
  weekly?: { url: string; period: string; opening: string; title: string; linkText: string };
  /** The sign's line of the day (daily.ts): each sign's own, dated by when the Moon moves on. */
  today?: DailyLine;
}

export interface HomeView {
  /** The page's h1 (not the site's name, which the header carries). */
  heading: string;
  tiles: SignTile[];
  /** The sky on the build's date (today.ts). */
  today: TodayView;
}

export function homeView(signHubs: readonly SignHub[], _periodHubs: readonly PeriodHub[], buildDate: string, messages: Messages): HomeView {
  const { t } = messages;
  return {
    heading: t('home.heading'),
    today: todayView(buildDate, signHubs.map((hub) => hub.sign), messages),
    tiles: signHubs.map((hub): SignTile => {
      const report = hub.current.weekly;
      return {
        sign: hub.sign,
        url: hub.url,
        ...(report ? { weekly: { url: report.url, period: report.period.label, opening: hub.weekOpening ?? '', title: report.title, linkText: hub.thisWeekLabel } } : {}),
        ...(hub.today ? { today: hub.today } : {}),
      };
    }),
  };
}
