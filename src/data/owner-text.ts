// The one rule for what an owner or editor writes (content/site.json, content/i18n/, content/signs.json, the
// Markdown files): it is published as written into HTML, Atom feeds (XML) and share images (SVG), so a character
// none of them can carry stops the build where the file is read, naming the file and the key. The service's text
// is cleaned instead (sanitize.ts): nobody at the build can fix it.
//
// Refused: control characters (C0, DEL and C1; https://infra.spec.whatwg.org/#control) but tab, line feed and
// carriage return; noncharacters (U+FDD0–U+FDEF, U+xFFFE, U+xFFFF; https://infra.spec.whatwg.org/#noncharacter);
// lone surrogates. XML 1.0 forbids some of them (https://www.w3.org/TR/xml/#charsets), HTML the rest.

const NOT_TEXT = /(?![\t\n\r])[\p{Cc}\p{Noncharacter_Code_Point}\p{Cs}]/u;

function codePoint(character: string): string {
  return `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

function describe(character: string): string {
  if (/\p{Cc}/u.test(character)) return `the control character ${codePoint(character)}`;
  if (/\p{Cs}/u.test(character)) return `the lone surrogate ${codePoint(character)} (half of a character)`;
  return `the noncharacter ${codePoint(character)}`;
}

/** The first line of `text` (counted from 1) with a character that cannot be published as written, and why. */
export function textProblemLine(text: string): { line: number; problem: string } | undefined {
  const found = NOT_TEXT.exec(text);
  if (!found) return undefined;
  return { line: text.slice(0, found.index).split('\n').length, problem: `contains ${describe(found[0])}; remove it` };
}

/** Why `text` cannot be published as written (`contains the control character U+0006; remove it`), or undefined. */
export function textProblem(text: string): string | undefined {
  return textProblemLine(text)?.problem;
}

/** `text` with each refused character written as JSON escapes it (`\u0006`), for naming a key in a message. */
function printable(text: string): string {
  const escape = (unit: number) => `\\u${unit.toString(16).toUpperCase().padStart(4, '0')}`;
  return text.replace(new RegExp(NOT_TEXT, 'gu'), (character) =>
    Array.from({ length: character.length }, (_, i) => escape(character.charCodeAt(i))).join(''),
  );
}

/**
 * The first key or string in `tree` (parsed JSON or YAML) that `textProblem` refuses: its dotted path
 * (`feed.title`, `0.glyph`), as zod names fields, and why; undefined when there is none.
 */
export function findTextProblem(
  tree: unknown,
  path: readonly (string | number)[] = [],
): { path: string; problem: string } | undefined {
  if (typeof tree === 'string') {
    const problem = textProblem(tree);
    return problem ? { path: path.join('.'), problem } : undefined;
  }
  if (tree === null || typeof tree !== 'object') return undefined;
  for (const [key, value] of Object.entries(tree)) {
    const keyProblem = textProblem(key);
    if (keyProblem) return { path: [...path, printable(key)].join('.'), problem: `the key ${keyProblem}` };
    const found = findTextProblem(value, [...path, Array.isArray(tree) ? Number(key) : key]);
    if (found) return found;
  }
  return undefined;
}
