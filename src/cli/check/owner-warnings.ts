// What `npm run check` says of the owner's files beside the built site: warnings, which fail nothing, each naming
// the file. Editors' files that a change of the first language moved into it (src/cli/builder/first-language.ts).
import type { BuildConfig } from '../../data/config.ts';
import { unmovedLines } from '../builder/first-language.ts';

export function ownerWarnings(config: Pick<BuildConfig, 'rootDir' | 'cacheDir' | 'contentDir' | 'site'>): string[] {
  const languages = config.site.languages ?? [config.site.language];
  return [...unmovedLines(config.rootDir, config.cacheDir, languages)];
}
