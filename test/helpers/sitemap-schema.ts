// Sitemaps validated against the Sitemap protocol's XSD with the xhtml:link alternates, and sitemap indexes against
// its siteindex XSD (test/fixtures/sitemap-schema/), by libxml2's xmllint compiled to WebAssembly (xmllint-wasm): no
// network, no native tool.
// https://www.sitemaps.org/protocol.html#validating
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { memoryPages, validateXML } from 'xmllint-wasm';

const SCHEMA_DIR = path.resolve(import.meta.dirname, '../fixtures/sitemap-schema');
const schemaFile = (fileName: string) => ({ fileName, contents: readFileSync(path.join(SCHEMA_DIR, fileName), 'utf8') });

/** xmllint's messages for `files` (absolute paths), each naming the file's path relative to `siteDir` and its line. */
export async function sitemapSchemaErrors(siteDir: string, files: string[]): Promise<string[]> {
  const result = await validateXML({
    xml: files.map((file) => ({ fileName: path.relative(siteDir, file).replaceAll('/', '_'), contents: readFileSync(file, 'utf8') })),
    schema: [schemaFile('sitemap-with-xhtml.xsd')],
    preload: [schemaFile('sitemap.xsd'), schemaFile('xhtml-link.xsd')],
    // A three-year archive's sitemap is a few MB: more than the 16 MiB default leaves libxml2.
    maxMemoryPages: memoryPages.GiB,
  });
  return result.valid ? [] : result.errors.map((error) => error.rawMessage);
}

/** xmllint's messages for the sitemap index `file` (an absolute path), as for `sitemapSchemaErrors`. */
export async function sitemapIndexSchemaErrors(siteDir: string, file: string): Promise<string[]> {
  const result = await validateXML({
    xml: { fileName: path.relative(siteDir, file).replaceAll('/', '_'), contents: readFileSync(file, 'utf8') },
    schema: schemaFile('siteindex.xsd'),
  });
  return result.valid ? [] : result.errors.map((error) => error.rawMessage);
}
