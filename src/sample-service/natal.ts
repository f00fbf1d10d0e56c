// PLACEHOLDER, replaced by the astronomy-engine calculation (issue 5). Signature is the contract the server relies on.
import type { SamplePlace } from './places.ts';
export interface NatalRequest { name: string; date: string; time: string; lang: string; place: SamplePlace }
/** The spec's natal chart object (section 2.3): { profile, intro, planets }. */
export function computeNatal(req: NatalRequest): Record<string, unknown> {
  return { profile: { name: req.name, cityName: req.place.name }, intro: null, planets: [] };
}
