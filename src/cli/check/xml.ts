// A small strict XML well-formedness parser for the feeds, the sitemaps and the chart wheel's SVG, in `npm run check`
// and the tests (htmlparser2's xmlMode forgives everything): an optional XML declaration, one root, matched tags,
// quoted unique attributes, only predefined entities or character references, no raw `<` or `&` in text or attribute
// values outside CDATA sections, none of the characters XML 1.0 forbids.
export interface XmlElement {
  name: string;
  attribs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const ENTITY = /^&(?:amp|lt|gt|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);/;
const NAME = /^[A-Za-z_][\w.:-]*/;
const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(raw: string, where: string): string {
  let out = '';
  for (let i = 0; i < raw.length; i++) {
    const ch = raw[i]!;
    if (ch === '<') throw new Error(`raw < in ${where}`);
    if (ch !== '&') {
      out += ch;
      continue;
    }
    const m = ENTITY.exec(raw.slice(i));
    if (!m) throw new Error(`bad entity in ${where}: ${raw.slice(i, i + 12)}`);
    const body = m[0].slice(1, -1);
    const decoded = body.startsWith('#x')
      ? String.fromCodePoint(parseInt(body.slice(2), 16))
      : body.startsWith('#')
        ? String.fromCodePoint(parseInt(body.slice(1), 10))
        : PREDEFINED[body]!;
    // A character reference must name a character XML allows too (https://www.w3.org/TR/xml/#wf-Legalchar).
    // eslint-disable-next-line no-control-regex -- matching control characters is the point here
    if (/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/.test(decoded))
      throw new Error(`reference to a disallowed character in ${where}: ${m[0]}`);
    out += decoded;
    i += m[0].length - 1;
  }
  return out;
}

export interface ParseXmlOptions {
  /** false for markup that is inlined into HTML (an SVG), where an XML declaration is an error; default true. */
  allowDeclaration?: boolean;
}

/** The start tag whose name begins at `start`: the element, where the tag ends, and whether it closes itself. */
function readStartTag(xml: string, start: number): { element: XmlElement; end: number; selfClosing: boolean } {
  let i = start;
  const name = NAME.exec(xml.slice(i))?.[0];
  if (!name) throw new Error(`bad tag at ${i}`);
  i += name.length;
  const element: XmlElement = { name, attribs: {}, children: [], text: '' };
  for (;;) {
    const before = i;
    while (i < xml.length && /\s/.test(xml[i]!)) i++;
    if (xml.startsWith('/>', i)) return { element, end: i + 2, selfClosing: true };
    if (xml[i] === '>') return { element, end: i + 1, selfClosing: false };
    if (i === before) throw new Error(`no space before attribute in <${name}>`);
    const attr = NAME.exec(xml.slice(i))?.[0];
    if (!attr) throw new Error(`bad attribute in <${name}> at ${i}`);
    i += attr.length;
    if (xml[i] !== '=') throw new Error(`attribute ${attr} without value`);
    i++;
    const quote = xml[i];
    if (quote !== '"' && quote !== "'") throw new Error(`unquoted attribute ${attr}`);
    const end = xml.indexOf(quote, i + 1);
    if (end < 0) throw new Error(`unclosed attribute ${attr}`);
    if (attr in element.attribs) throw new Error(`duplicate attribute ${attr}`);
    element.attribs[attr] = decode(xml.slice(i + 1, end), `${name}@${attr}`);
    i = end + 1;
  }
}

/** Where a document is not well-formed: `index` is the offset in its text where reading stopped. */
export class XmlError extends Error {
  readonly index: number;
  constructor(message: string, index: number) {
    super(message);
    this.name = 'XmlError';
    this.index = index;
  }
}

/** The reading of one document: the text, the offset reached, the open elements and the root. */
interface Reading {
  xml: string;
  i: number;
  stack: XmlElement[];
  root?: XmlElement;
}

/** Reads a document; throws an XmlError where it is not well-formed. */
export function parseXml(xml: string, { allowDeclaration = true }: ParseXmlOptions = {}): XmlElement {
  // eslint-disable-next-line no-control-regex -- the characters XML 1.0 allows nowhere
  const forbidden = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/.exec(xml);
  if (forbidden)
    throw new XmlError(
      `character U+${forbidden[0].charCodeAt(0).toString(16).padStart(4, '0')} at ${forbidden.index}`,
      forbidden.index,
    );
  const reading: Reading = { xml, i: 0, stack: [] };
  try {
    if (allowDeclaration && xml.startsWith('<?xml')) {
      const end = xml.indexOf('?>');
      if (end < 0) throw new Error('unclosed XML declaration');
      reading.i = end + 2;
    }
    skipSpace(reading);
    while (reading.i < xml.length && !(reading.root && reading.stack.length === 0)) readNode(reading);
    skipSpace(reading);
    if (reading.i < xml.length) throw new Error(`content after the root element at ${reading.i}`);
    if (!reading.root || reading.stack.length) throw new Error(`unclosed <${reading.stack.at(-1)?.name}>`);
    return reading.root;
  } catch (error) {
    throw error instanceof XmlError ? error : new XmlError((error as Error).message, reading.i);
  }
}

function skipSpace(reading: Reading): void {
  while (reading.i < reading.xml.length && /\s/.test(reading.xml[reading.i]!)) reading.i++;
}

/** Reads what starts at the reading's offset: a CDATA section, a comment, an end tag, a start tag or text. */
function readNode(reading: Reading): void {
  const { xml, stack } = reading;
  const i = reading.i;
  if (xml.startsWith('<![CDATA[', i)) {
    // Text as it is, up to the first ]]> (https://www.w3.org/TR/xml/#sec-cdata-sect).
    const end = xml.indexOf(']]>', i + 9);
    if (end < 0) throw new Error('unclosed CDATA section');
    if (!stack.length) throw new Error('CDATA outside the root element');
    stack.at(-1)!.text += xml.slice(i + 9, end);
    reading.i = end + 3;
  } else if (xml.startsWith('<!--', i)) {
    const end = xml.indexOf('-->', i);
    if (end < 0) throw new Error('unclosed comment');
    reading.i = end + 3;
  } else if (xml.startsWith('</', i)) {
    readEndTag(reading);
  } else if (xml[i] === '<') {
    const { element, end, selfClosing } = readStartTag(xml, i + 1);
    if (stack.length) stack.at(-1)!.children.push(element);
    else if (reading.root) throw new Error('second root element');
    else reading.root = element;
    reading.i = end;
    if (!selfClosing) stack.push(element);
  } else {
    const end = xml.indexOf('<', i);
    const raw = xml.slice(i, end < 0 ? xml.length : end);
    if (!stack.length) throw new Error('text outside the root element');
    stack.at(-1)!.text += decode(raw, `text of <${stack.at(-1)!.name}>`);
    reading.i += raw.length;
  }
}

function readEndTag(reading: Reading): void {
  const { xml } = reading;
  reading.i += 2;
  const name = NAME.exec(xml.slice(reading.i))?.[0];
  if (!name) throw new Error(`bad end tag at ${reading.i}`);
  reading.i += name.length;
  skipSpace(reading);
  if (xml[reading.i] !== '>') throw new Error(`bad end tag ${name}`);
  const open = reading.stack.pop();
  if (open?.name !== name) throw new Error(`</${name}> closes <${open?.name}>`);
  reading.i++;
}

export function childrenNamed(element: XmlElement, name: string): XmlElement[] {
  return element.children.filter((c) => c.name === name);
}

export function childText(element: XmlElement, name: string): string | undefined {
  return element.children.find((c) => c.name === name)?.text;
}
