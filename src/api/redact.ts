/**
 * Removes secrets (the password, every access token issued) from text before it reaches an error message,
 * a log line or an event. Every message the client produces passes through here, so a body echoed back by
 * the service or a URL with credentials cannot leak them.
 */

export const REDACTED = '[redacted]';

/**
 * Replaces every occurrence of each non-empty secret in `text` with `[redacted]`. Also catches the forms a
 * secret takes when a server echoes it back: JSON-escaped (inside a quoted string) and percent-encoded.
 */
export function redact(text: string, secrets: readonly (string | undefined | null)[]): string {
  const forms = new Set<string>();
  for (const secret of secrets) {
    if (!secret) continue;
    forms.add(secret);
    forms.add(JSON.stringify(secret).slice(1, -1));
    forms.add(encodeURIComponent(secret));
  }
  // Longest first, so a secret that contains another one is removed whole.
  let result = text;
  for (const form of [...forms].sort((a, b) => b.length - a.length)) {
    if (form) result = result.split(form).join(REDACTED);
  }
  return result;
}
