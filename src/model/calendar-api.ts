// The calendar's years in the JSON API (docs/syndication.md): `/api/v1/calendar/{YYYY}.json`, in the API's schema
// (api-schema.json `calendar`).
import type { CalendarModel } from './calendar.ts';
import type { ApiFile, SiteModel } from './types.ts';
import { apiCalendarUrl, calendarYearUrl, SITE_PATHS, type SiteUrls } from './urls.ts';

export function calendarApiFiles(
  calendar: CalendarModel | undefined,
  site: Pick<SiteModel['site'], 'title' | 'language'>,
  urls: SiteUrls,
): ApiFile[] {
  if (!calendar) return [];
  return calendar.yearData.map(({ year, events, retrogrades }) => ({
    url: urls.page(apiCalendarUrl(year)),
    document: {
      type: 'calendar',
      language: site.language,
      site: { title: site.title, url: urls.absolute(urls.page(SITE_PATHS.home)) },
      year,
      timeZone: calendar.timeZone,
      url: urls.absolute(urls.page(calendarYearUrl(year))),
      events: events.map((e) => ({ uid: e.uid, kind: e.kind, datetime: e.datetime, day: e.day, title: e.title })),
      retrogrades: retrogrades.map((r) => ({ uid: r.uid, title: r.title, start: r.startDatetime, end: r.endDatetime })),
    },
  }));
}
