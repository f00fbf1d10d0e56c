// A place id as the Worker hands it out in its place suggestions: `id.mac`, the mac an HMAC of the id and the
// form's language under the ledger's random key (form-ledger.ts), which tells nothing of the service's password.
// The natal call gets only an id the Worker itself took from a places answer in that language; a made-up or
// altered one is refused before any request. https://developer.mozilla.org/docs/Web/API/SubtleCrypto/sign
const encoder = new TextEncoder();
type HmacKey = Awaited<ReturnType<typeof crypto.subtle.importKey>>;
const keys = new Map<string, Promise<HmacKey>>();

function keyFor(secret: string): Promise<HmacKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    keys.set(secret, key);
  }
  return key;
}

function base64url(bytes: ArrayBuffer): string {
  return btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

async function mac(secret: string, language: string, id: number): Promise<string> {
  // 128 bits of the MAC: far beyond guessing within any rate limit.
  return base64url(
    (await crypto.subtle.sign('HMAC', await keyFor(secret), encoder.encode(`place:${language}:${id}`))).slice(0, 16),
  );
}

export async function placeToken(secret: string, language: string, id: number): Promise<string> {
  return `${id}.${await mac(secret, language, id)}`;
}

/** The place id `token` stands for, or undefined when the Worker did not issue it for `language`. */
export async function placeFromToken(secret: string, language: string, token: string): Promise<number | undefined> {
  const match = /^([1-9]\d{0,14})\.([\w-]{22})$/.exec(token);
  if (!match) return undefined;
  const id = Number(match[1]);
  const expected = await mac(secret, language, id);
  // Compared in full, character by character, so the time taken says nothing of how much matched.
  let difference = 0;
  for (let i = 0; i < expected.length; i++) difference |= expected.charCodeAt(i) ^ match[2]!.charCodeAt(i);
  return difference === 0 ? id : undefined;
}

/** A digest of `parts`, hex: the cache's keys, so no birth data is ever a key in clear. */
export async function digest(...parts: string[]): Promise<string> {
  const bytes = await crypto.subtle.digest('SHA-256', encoder.encode(parts.join('\0')));
  return [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
