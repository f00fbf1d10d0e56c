// `_headers` as the tests read it, and what Cloudflare Pages and Netlify send for a path under its rules.
import { expect } from 'vitest';

/** `_headers` as `{ '/*': { 'X-Header': 'value' } }`; a header repeated within a rule fails the parse. */
export function parseHeadersFile(text: string): Record<string, Record<string, string>> {
  const rules: Record<string, Record<string, string>> = {};
  let current: Record<string, string> | undefined;
  for (const line of text.split('\n')) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      expect(rules[line], `rule ${line} appears twice`).toBeUndefined();
      current = rules[line] = {};
      continue;
    }
    // `! Name` (Cloudflare Pages' detach) is kept as the name `! Name` with no value.
    const match = /^\s+([A-Za-z-]+):\s*(.+)$/.exec(line) ?? /^\s+(! [A-Za-z-]+)()$/.exec(line);
    expect(match, `header line "${line}"`).not.toBeNull();
    expect(current, `header line "${line}" before any path`).toBeDefined();
    expect(current![match![1]!], `${match![1]} repeated`).toBeUndefined();
    current![match![1]!] = match![2]!;
  }
  return rules;
}

type HeaderLines = { pattern: string; lines: string[] }[];

/** `_headers` as its rules in file order, each with its indented lines, trimmed. */
function headerRules(text: string): HeaderLines {
  const rules: HeaderLines = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    if (/^\s/.test(line)) rules.at(-1)!.lines.push(line.trim());
    else rules.push({ pattern: line, lines: [] });
  }
  return rules;
}

/**
 * Whether a rule's pattern matches a path, segment by segment as both hosts' engines read it: `*` as the last
 * segment matches the rest of the path, a `:name` segment any one segment, any other segment itself.
 */
function matches(pattern: string, pathname: string): boolean {
  const rule = pattern.split('/');
  const target = pathname.split('/');
  for (const [i, part] of rule.entries()) {
    if (part === '*' && i === rule.length - 1) return target.length >= rule.length - 1 && target.length > i;
    if (i >= target.length) return false;
    if (part.startsWith(':') ? target[i] === '' : part !== target[i]) return false;
  }
  return rule.length === target.length;
}
const nameValue = (line: string) =>
  [line.slice(0, line.indexOf(':')).trim().toLowerCase(), line.slice(line.indexOf(':') + 1).trim()] as const;

/**
 * What Cloudflare Pages sends for a path: every matching rule in file order, a header set again joined to the
 * earlier value with a comma, `! Name` removing what earlier rules set
 * (https://developers.cloudflare.com/pages/configuration/headers/, "Attach a header" and "Detach a header").
 */
export function cloudflareHeaders(text: string, pathname: string): Map<string, string> {
  const sent = new Map<string, string>();
  for (const rule of headerRules(text).filter((r) => matches(r.pattern, pathname))) {
    for (const line of rule.lines.filter((l) => l.startsWith('!'))) sent.delete(line.slice(1).trim().toLowerCase());
    for (const [name, value] of rule.lines.filter((l) => !l.startsWith('!')).map(nameValue))
      sent.set(name, sent.has(name) ? `${sent.get(name)}, ${value}` : value);
  }
  return sent;
}

/**
 * What Netlify sends for a path, as its own parser and local server read the file (@netlify/headers-parser skips a
 * line without a colon; `netlify dev` gives each header the value of the last matching rule that sets it).
 */
export function netlifyHeaders(text: string, pathname: string): Map<string, string> {
  const sent = new Map<string, string>();
  for (const rule of headerRules(text).filter((r) => matches(r.pattern, pathname))) {
    for (const [name, value] of rule.lines.filter((l) => l.includes(':')).map(nameValue)) sent.set(name, value);
  }
  return sent;
}
