// The twelve signs. Page slugs come from `sign_id` (0 = aries … 11 = pisces), never from the service's
// `sign_name`, which is free text shown escaped.
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { ConfigError } from './config.ts';

export const SIGN_SLUGS = [
  'aries', 'taurus', 'gemini', 'cancer', 'leo', 'virgo',
  'libra', 'scorpio', 'sagittarius', 'capricorn', 'aquarius', 'pisces',
] as const;
export type SignSlug = (typeof SIGN_SLUGS)[number];

const signFactsSchema = z.strictObject({
  slug: z.enum(SIGN_SLUGS),
  name: z.string().min(1),
  glyph: z.string().min(1),
  dates: z.string().min(1),
  element: z.string().min(1),
  modality: z.string().min(1),
  ruler: z.string().min(1),
});

export interface Sign extends z.infer<typeof signFactsSchema> {
  id: number;
}

/** Reads the editor-owned sign facts (`content/signs.json`): twelve records in sign_id order. */
export function readSigns(file: string, label = file): Sign[] {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ConfigError(label, `is not readable JSON (${(error as Error).message})`);
  }
  const result = z.array(signFactsSchema).length(12, 'must list the 12 signs').safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new ConfigError(`${label}: ${issue.path.join('.') || '(root)'}`, issue.message);
  }
  return result.data.map((facts, id) => {
    if (facts.slug !== SIGN_SLUGS[id]) {
      throw new ConfigError(`${label}: ${id}.slug`, `must be "${SIGN_SLUGS[id]}" (entries are in sign_id order, aries first)`);
    }
    return { ...facts, id };
  });
}
