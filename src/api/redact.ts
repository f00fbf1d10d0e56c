/**
 * Removes secrets (the password, every access token issued) from text before it reaches an error message,
 * a log line or an event. Text quoted from outside (a body the service echoed, a value it sent) loses every
 * occurrence; our own messages lose the secret only where it stands as a word, so that a short password such
 * as `p` leaves `https://` and `attempts` readable while a URL or quoted value holding it is still redacted.
 */

export const REDACTED = '[redacted]';

type Secrets = readonly (string | undefined | null)[];

/** Each non-empty secret as given, JSON-escaped (inside a quoted string) and percent-encoded, longest first. */
function secretForms(secrets: Secrets): string[] {
  const forms = new Set<string>();
  for (const secret of secrets) {
    if (!secret) continue;
    forms.add(secret);
    forms.add(JSON.stringify(secret).slice(1, -1));
    forms.add(encodeURIComponent(secret));
  }
  // Longest first, so a secret that contains another one is removed whole.
  return [...forms].filter(Boolean).sort((a, b) => b.length - a.length);
}

/**
 * Replaces every occurrence of each secret in `text` with `[redacted]`: for text quoted from outside, such as a
 * response body, where a careless service may have glued a secret to anything.
 */
export function redact(text: string, secrets: Secrets): string {
  let result = text;
  for (const form of secretForms(secrets)) result = result.split(form).join(REDACTED);
  return result;
}

const WORD_CHAR = /[\p{L}\p{N}_]/u;

/**
 * Replaces each secret where it stands as a word of its own, not inside a longer run of letters and digits:
 * in a URL (`https://user:p@host`, `?key=p`) or a quoted value (`"p"`) it is redacted, in `https` it is not.
 * For whole messages whose quoted parts cannot be told from their wording.
 */
export function redactWords(text: string, secrets: Secrets): string {
  let result = text;
  for (const form of secretForms(secrets)) {
    const before = WORD_CHAR.test(form.at(0) ?? '') ? '(?<![\\p{L}\\p{N}_])' : '';
    const after = WORD_CHAR.test(form.at(-1) ?? '') ? '(?![\\p{L}\\p{N}_])' : '';
    const escaped = form.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    result = result.replace(new RegExp(`${before}${escaped}${after}`, 'gu'), REDACTED);
  }
  return result;
}
