// One readable line for a failed build, with every secret we know of redacted.
import { redact } from '../api/index.ts';

export function describeFailure(error: unknown, env: NodeJS.ProcessEnv = process.env): string {
  const message = error instanceof Error ? error.message : String(error);
  const line = message.split('\n').map((l) => l.trim()).filter(Boolean).join(' ');
  const secrets = [env.ASTRO_API_PASSWORD].filter((s): s is string => Boolean(s));
  return redact(line, secrets);
}
