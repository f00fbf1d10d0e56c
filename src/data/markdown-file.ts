// Editor-owned Markdown files (charts, static pages, overrides): YAML front matter plus a Markdown body,
// rendered to HTML and sanitized with the same allow-list as service content.
import MarkdownIt from 'markdown-it';
import { YAMLParseError, parse as parseYaml } from 'yaml';
import { ConfigError } from './config.ts';
import { findTextProblem, textProblemLine } from './owner-text.ts';
import { readContentFile } from './read-content-file.ts';
import { sanitizeEditorHtml, unclosedDroppedElement, withoutXmlForbidden } from './sanitize.ts';

// One renderer for the whole build. https://github.com/markdown-it/markdown-it#init-with-presets-and-options
const markdown = new MarkdownIt({ html: true, linkify: true, typographer: true });

interface MarkdownFile {
  /** Front matter, unvalidated: each caller validates with its own schema and names the file. */
  data: Record<string, unknown>;
  /** The body rendered and sanitized; empty string for an empty body. */
  html: string;
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/;

/**
 * The characters XML forbids go before markdown-it too: it does not take `<scr\u0001ipt>` for a tag and escapes
 * it, and stripping them afterwards would publish the text `<script>`.
 */
export function renderMarkdown(text: string, pathPrefix = '/', label = 'the text'): string {
  const body = withoutXmlForbidden(text);
  if (!body.trim()) return '';
  const html = markdown.render(body);
  // The sanitizer drops such an element with its content: one left open would take the text after it along.
  const unclosed = unclosedDroppedElement(html);
  if (unclosed)
    throw new ConfigError(
      label,
      `<${unclosed}> is never closed, so the text after it would be dropped with it: close it with </${unclosed}>, or remove it`,
    );
  return sanitizeEditorHtml(html, { pathPrefix });
}

/**
 * Where yaml's error is, counted in the file as an editor's editor shows it (from 1, the opening `---` being line 1),
 * with yaml's reason. yaml counts from the first line of the front matter. https://eemeli.org/yaml/#errors
 */
function whereInFile(error: unknown): string {
  const reason = (error as Error).message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
  const start = error instanceof YAMLParseError ? error.linePos?.[0] : undefined;
  return start ? ` at line ${start.line + 1}, column ${start.col} (${reason})` : ` (${reason})`;
}

/**
 * Parses `text` (the content of `label`); a broken front matter, or a character owner-text.ts refuses, fails naming
 * the file and the field or line.
 */
function parseMarkdownFile(text: string, label: string, pathPrefix: string): MarkdownFile {
  const match = FRONT_MATTER.exec(text);
  let data: unknown = {};
  if (match) {
    try {
      data = parseYaml(match[1]!) ?? {};
    } catch (error) {
      throw new ConfigError(label, `front matter is not valid YAML${whereInFile(error)}`);
    }
    if (typeof data !== 'object' || Array.isArray(data))
      throw new ConfigError(label, 'front matter must be a mapping of fields');
  }
  // Front matter fields are named by key; what else the file holds (the body, comments) by line.
  const field = findTextProblem(data);
  if (field) throw new ConfigError(`${label}: ${field.path}`, field.problem);
  const line = textProblemLine(text);
  if (line) throw new ConfigError(`${label}: line ${line.line}`, line.problem);
  return { data: data as Record<string, unknown>, html: renderMarkdown(match ? match[2]! : text, pathPrefix, label) };
}

/** An editor's file is text for one page: more than this is a mistake (a pasted export, a picture). */
const MAX_BYTES = 1_000_000;

/**
 * `name` in `dir` (which `labelDir`, `content/pages`, names in errors): a regular file inside that folder, read
 * with a bound (read-content-file.ts), then parsed; its root-relative links go under `pathPrefix`, the path of
 * the site's `url` (sanitize.ts).
 */
export async function readMarkdownFile(
  dir: string,
  name: string,
  labelDir: string,
  pathPrefix = '/',
): Promise<MarkdownFile> {
  const label = `${labelDir}/${name}`;
  const text = readContentFile(dir, name, { label, folderLabel: labelDir, maxBytes: MAX_BYTES }).toString('utf8');
  return parseMarkdownFile(text, label, pathPrefix);
}
