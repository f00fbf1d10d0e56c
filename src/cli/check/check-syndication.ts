// The rule of `npm run check` for what partners and feed readers fetch (docs/syndication.md): every address inside
// the JSON API names a file of the site (the index's current reports and archives, each archive's reports and
// pages), the card's script is there when the card is on, and each current report has its framed page; each JSON
// Feed names itself in `feed_url` and gives each item its own id (https://www.jsonfeed.org/version/1.1/). Whatever
// would reach a partner as a 404 or a broken feed is a problem here.
import { servedPath } from '../../model/urls.ts';
import { targetFile } from './link-check.ts';
import type { CheckContext, SiteRule } from './site-rule.ts';

/** `api/v1/` of a file of the API, with its language's folder (`pt-br/api/v1/`), or undefined. */
export const apiFolderOf = (file: string): string | undefined => /^(?:[^/]+\/)?api\/v1\//.exec(file)?.[0];

/** Every string of a JSON document that is an absolute address on the site, with the file it names (or undefined). */
function siteLinks(value: unknown, prefix: string, found: string[] = []): string[] {
  if (typeof value === 'string') {
    if (value.startsWith(prefix)) found.push(value);
  } else if (value && typeof value === 'object') {
    for (const item of Object.values(value)) siteLinks(item, prefix, found);
  }
  return found;
}

/** What is wrong with one JSON Feed: `file` its path in the site, `self` the address it is published at. */
function feedProblems(feed: { feed_url?: unknown; items?: unknown }, self: string): string[] {
  const problems: string[] = [];
  if (feed.feed_url !== self) problems.push(`its feed_url ${String(feed.feed_url)} is not its own address, ${self}`);
  const seen = new Set<unknown>();
  for (const item of Array.isArray(feed.items) ? (feed.items as { id?: unknown }[]) : []) {
    if (seen.has(item?.id)) problems.push(`has two items of the id ${String(item.id)}`);
    seen.add(item?.id);
  }
  return problems;
}

export function syndicationRule(context: CheckContext): SiteRule {
  const { origin, pathPrefix } = context.published;
  const base = `${origin}${pathPrefix}`;
  const cardOn = context.site.card !== false && context.site.api !== false;
  /** The file an absolute address on the site names, if the site has it. */
  const exists = (url: string) => context.files.has(targetFile(url.slice(base.length - 1)));
  return {
    visit(file) {
      if (!file.name.endsWith('.json')) return;
      const folder = apiFolderOf(file.name);
      if (folder && file.name !== `${folder}schema.json`) {
        let document: unknown;
        try {
          document = JSON.parse(file.text());
        } catch {
          return; // The JSON rule names it (check-json.ts).
        }
        for (const url of new Set(siteLinks(document, base))) {
          if (!exists(url))
            context.report({ file: file.name, message: `links to ${url}, which is no file of the site` });
        }
        // A current report partners frame: its page beside the API (`pt-br/api/v1/leo/weekly/current.json` → `pt-br/embed/leo/weekly/index.html`).
        const current = /^((?:[^/]+\/)?)api\/v1\/([^/]+)\/([^/]+)\/current\.json$/.exec(file.name);
        const framed = current && `${current[1]}embed/${current[2]}/${current[3]}/index.html`;
        if (cardOn && framed && !context.files.has(framed))
          context.report({
            file: framed,
            message: `is missing: partners frame it for the current report ${file.name}`,
          });
      } else if (file.name.endsWith('/feed.json')) {
        let feed: { feed_url?: unknown; items?: unknown };
        try {
          feed = JSON.parse(file.text()) as typeof feed;
        } catch {
          return;
        }
        const self = `${origin}${pathPrefix.slice(0, -1)}${servedPath(file.name)}`;
        for (const message of feedProblems(feed, self)) context.report({ file: file.name, message });
      }
    },
    end() {
      if (cardOn && !context.files.has('embed/card.js'))
        context.report({
          file: 'embed/card.js',
          message: 'is missing: the card partners embed loads it (docs/syndication.md)',
        });
    },
  };
}
