// HTML inside the Atom feeds (`<content type="html">`) as an XML CDATA section: printed as it is, where escaping
// would rewrite every `<`, `>`, `&` and quote of every report in every build (the twelve feeds of a three-year
// archive carry about 2.5 MB of HTML). The one sequence a CDATA section cannot hold, `]]>`, is split across two
// sections, and the characters XML 1.0 forbids anywhere are dropped, as no escaping could carry them either.
// https://www.w3.org/TR/xml/#sec-cdata-sect and https://www.rfc-editor.org/rfc/rfc4287#section-4.1.3.3
// eslint-disable-next-line no-control-regex -- exactly the control characters XML 1.0 excludes
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

export function cdataSection(text: string): string {
  return `<![CDATA[${String(text).replace(NOT_XML, '').replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
}
