// One readable line for a failed build, with the password redacted wherever it stands as a word (a URL, a quoted
// value); the client's own errors have already lost every secret (src/api/redact.ts).
import { redactWords } from '../api/index.ts';

export function describeFailure(error: unknown, env: NodeJS.ProcessEnv = process.env): string {
  const line = withCause(error)
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .join(' ');
  const secrets = [env.ASTRO_API_PASSWORD].filter((s): s is string => Boolean(s));
  return redactWords(line, secrets);
}

/**
 * Eleventy wraps a template's error (a misspelt variable, a filter that threw) in errors of its own, the outer one
 * listing every page of the template; the line names the template and the innermost error instead.
 */
function withCause(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  let root: Error = error;
  for (let next = causeOf(root); next; next = causeOf(root)) root = next;
  // Only Eleventy's own sentence: other messages quote lists of words too (`must be "replace", "append" or ...`).
  const outer = error.message.replace(
    /^(Having trouble writing to )("[^"]+"(?:, "[^"]+")+)(?= from ")/,
    (_all, start: string, list: string) => `${start}${list.split('", "').length} pages`,
  );
  return root === error ? outer : `${outer}: ${root.message}`;
}

function causeOf(error: Error): Error | undefined {
  const cause = error.cause ?? (error as { originalError?: unknown }).originalError;
  return cause instanceof Error && cause !== error ? cause : undefined;
}
