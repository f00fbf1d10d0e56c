// The languages' models joined as a build joins them (src/cli/builder/prepare-site.ts), from models already built.
import { linkLanguage, summarizeLanguage } from '../../src/model/languages.ts';
import type { SiteModel } from '../../src/model/types.ts';

/** Every language's model (the default language's first), joined to the others. */
export function linkLanguages(models: readonly SiteModel[]): SiteModel[] {
  const summaries = models.map(summarizeLanguage);
  return models.map((model, i) => linkLanguage(model, i, summaries));
}
