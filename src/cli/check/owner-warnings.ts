// What `npm run check` says of the owner's files beside the built site: warnings, which fail nothing, each naming
// the file. Editors' files that a change of the first language moved into it (src/cli/builder/first-language.ts),
// and an editors' page that says there are no trackers while analytics is on.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { BuildConfig } from '../../data/config.ts';
import { hasOwnFolder } from '../../data/editor-folders.ts';
import { unmovedLines } from '../builder/first-language.ts';
import { languageFolder } from '../../model/languages.ts';

/** "No trackers" in each shipped language, by its primary subtag, as a privacy page would say it. */
const NO_TRACKERS: Record<string, RegExp> = {
  en: /\bno (?:\w+ )?trackers?\b/i,
  es: /\b(?:ning[uú]n|sin|ni) rastreador(?:es)?\b/i,
  pt: /\b(?:nenhum|sem|nem) rastreador(?:es)?\b/i,
  fr: /\b(?:aucun|sans|ni) (?:traceurs?|mouchards?)\b/i,
  de: /\bkeine(?:n|rlei)? (?:Tracker|Tracking)\b/i,
  it: /\b(?:nessun|senza|né) tracker\b/i,
};

type OwnerConfig = Pick<BuildConfig, 'rootDir' | 'cacheDir' | 'contentDir' | 'site'>;

/** Every editors' page with its language: the root's in the first language, each folder's in its own. */
function pagesByLanguage(
  contentDir: string,
  languages: readonly string[],
): { file: string; full: string; language: string }[] {
  const list = (folder: string) => {
    try {
      return readdirSync(path.join(contentDir, 'pages', folder))
        .filter((name) => name.endsWith('.md'))
        .sort();
    } catch {
      return [];
    }
  };
  return languages.flatMap((language, i) => {
    const folder = i === 0 && !hasOwnFolder(contentDir, 'pages', language) ? '' : languageFolder(language, false);
    return list(folder).map((name) => ({
      file: `content/pages/${folder}${name}`,
      full: path.join(contentDir, 'pages', folder, name),
      language,
    }));
  });
}

function trackerClaims({ contentDir, site }: OwnerConfig, languages: readonly string[]): string[] {
  if (!site.analytics) return [];
  return pagesByLanguage(contentDir, languages).flatMap(({ file, full, language }) => {
    const claim = NO_TRACKERS[language.split('-')[0]!.toLowerCase()]?.exec(readFileSync(full, 'utf8'));
    return claim
      ? [
          `warning: ${file} says "${claim[0]}", but analytics is on (${site.analytics!.provider}, content/site.json): every page runs its script; say so, or write {{ scripts }} for the sentence made from the settings (docs/analytics.md)`,
        ]
      : [];
  });
}

export function ownerWarnings(config: OwnerConfig): string[] {
  const languages = config.site.languages ?? [config.site.language];
  return [...unmovedLines(config.contentDir, config.cacheDir, languages), ...trackerClaims(config, languages)];
}
