// The sky's calendars the site publishes (`calendar/sky.ics` in each language's folder), against RFC 5545's rules
// that calendar apps are strictest about: CRLF line ends only, lines folded at 75 octets, each content line a
// property (`NAME;PARAM=value:value`), each event's UID once. https://www.rfc-editor.org/rfc/rfc5545#section-3.1
import type { CheckContext, SiteFile, SiteRule } from './site-rule.ts';

const DEFAULTS = {
  /** Most octets of a line, CRLF excluded. */
  lineOctets: 75,
};

const PARAM_VALUE = '(?:"[^"\\x00-\\x1f]*"|[^";:,\\x00-\\x1f]*)';
/** contentline = name *(";" param) ":" value (§3.1), value without control characters but HTAB. */
const CONTENT_LINE = new RegExp(
  `^[A-Za-z0-9-]+(?:;[A-Za-z0-9-]+=${PARAM_VALUE}(?:,${PARAM_VALUE})*)*:[^\\x00-\\x08\\x0a-\\x1f\\x7f]*$`,
);

/** The problems of one .ics text, each with its 1-based physical line. */
export function calendarProblems(text: string): { line: number; message: string }[] {
  const problems: { line: number; message: string }[] = [];
  if (!text.endsWith('\r\n'))
    problems.push({ line: text.split('\n').length, message: 'does not end its last line with CRLF' });
  const lines = text.split('\r\n');
  if (lines.at(-1) === '') lines.pop();
  const uids = new Map<string, number>();
  let logical: { text: string; line: number } | undefined;
  const endLogical = () => {
    if (!logical) return;
    if (!CONTENT_LINE.test(logical.text))
      problems.push({
        line: logical.line,
        message: `has an unparsable property: ${JSON.stringify(logical.text.slice(0, 60))}`,
      });
    const uid = /^UID(?:;[^:]*)?:(.*)$/i.exec(logical.text)?.[1];
    if (uid !== undefined) {
      if (uids.has(uid))
        problems.push({ line: logical.line, message: `repeats the UID ${uid} of line ${uids.get(uid)}` });
      else uids.set(uid, logical.line);
    }
    logical = undefined;
  };
  lines.forEach((raw, i) => {
    const line = i + 1;
    if (raw.includes('\n')) problems.push({ line, message: 'has a bare LF: every line must end with CRLF' });
    if (raw.includes('\r')) problems.push({ line, message: 'has a bare CR: every line must end with CRLF' });
    if (Buffer.byteLength(raw) > DEFAULTS.lineOctets)
      problems.push({
        line,
        message: `is ${Buffer.byteLength(raw)} octets long: lines are folded at ${DEFAULTS.lineOctets}`,
      });
    const clean = raw.replace(/[\r\n]/g, '');
    if (/^[ \t]/.test(clean) && logical) logical.text += clean.slice(1);
    else {
      endLogical();
      logical = { text: clean, line };
    }
  });
  endLogical();
  return problems;
}

/** `npm run check`'s rule for the .ics files: every problem named with its file and line. */
export function calendarRule(context: CheckContext): SiteRule {
  return {
    visit(file: SiteFile) {
      if (!file.name.endsWith('.ics')) return;
      context.counts.feeds += 1;
      for (const problem of calendarProblems(file.text())) context.report({ file: file.name, ...problem });
    },
  };
}
