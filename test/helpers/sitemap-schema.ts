// Sitemaps validated against the Sitemap protocol's XSD with the xhtml:link alternates, and sitemap indexes against
// its siteindex XSD (test/fixtures/sitemap-schema/), by libxml2's xmllint compiled to WebAssembly (xmllint-wasm): no
// network, no native tool.
// https://www.sitemaps.org/protocol.html#validating
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { memoryPages, validateXML } from 'xmllint-wasm';

const SCHEMA_DIR = path.resolve(import.meta.dirname, '../fixtures/sitemap-schema');
const schemaFile = (fileName: string) => ({
  fileName,
  contents: readFileSync(path.join(SCHEMA_DIR, fileName), 'utf8'),
});

/** xmllint's messages for `files` (absolute paths) against `schema`, each naming the file's path relative to `siteDir` and its line. */
async function schemaErrors(
  siteDir: string,
  files: string[],
  schema: string,
  preload: string[] = [],
): Promise<string[]> {
  const result = await validateXML({
    xml: files.map((file) => ({
      fileName: path.relative(siteDir, file).replaceAll('/', '_'),
      contents: readFileSync(file, 'utf8'),
    })),
    schema: [schemaFile(schema)],
    preload: preload.map(schemaFile),
    // A three-year archive's sitemap is a few MB: more than the 16 MiB default leaves libxml2.
    maxMemoryPages: memoryPages.GiB,
  });
  return result.valid ? [] : result.errors.map((error) => error.rawMessage);
}

/** The sitemaps `files`, with their xhtml:link alternates. */
export const sitemapSchemaErrors = (siteDir: string, files: string[]) =>
  schemaErrors(siteDir, files, 'sitemap-with-xhtml.xsd', ['sitemap.xsd', 'xhtml-link.xsd']);

/** The sitemap index `file`. */
export const sitemapIndexSchemaErrors = (siteDir: string, file: string) =>
  schemaErrors(siteDir, [file], 'siteindex.xsd');
