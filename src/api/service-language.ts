// The `lang` the service is sent for a site's language (docs/service-api.md, natal request): the tag's primary
// language, lower case, as the build's charts and the Worker's form both send it. https://www.rfc-editor.org/rfc/rfc5646#section-2.2.1

/** `pt-BR` → `pt`, `es-MX` → `es`, `en-GB` → `en`, `EN` → `en`. */
export function serviceLanguage(tag: string): string {
  return tag.split('-')[0]!.toLowerCase();
}
