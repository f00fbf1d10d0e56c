// The home page: a tile per sign leading to its hub, with the sign's line of the day (daily.ts) and this week's
// opening, which the remembered sign's tile shows on the first screen, and the sky on the build's date (today.ts).
import type { Messages } from '../data/i18n.ts';
import { todayView } from './today.ts';
import type { HomeView, PeriodHub, SignHub, SignTile } from './types.ts';

export type { HomeView, SignTile } from './types.ts';

export function homeView(
  signHubs: readonly SignHub[],
  _periodHubs: readonly PeriodHub[],
  buildDate: string,
  messages: Messages,
): HomeView {
  const { t } = messages;
  return {
    heading: t('home.heading'),
    today: todayView(
      buildDate,
      signHubs.map((hub) => hub.sign),
      messages,
    ),
    tiles: signHubs.map((hub): SignTile => {
      const report = hub.current.weekly;
      return {
        sign: hub.sign,
        url: hub.url,
        ...(report
          ? {
              weekly: {
                url: report.url,
                period: report.period.label,
                opening: hub.weekOpening ?? '',
                title: report.title,
                linkText: t('home.signThisWeek', { sign: hub.sign.name }),
              },
            }
          : {}),
        ...(hub.today ? { today: hub.today } : {}),
      };
    }),
  };
}
