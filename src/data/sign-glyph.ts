// A sign's glyph in a disc: the drawing of its share image (share-images.ts), and the same drawing on its pages.
// Loads nothing at start, so the Worker's modules may import what imports it.
import { escapeHtml } from './sanitize.ts';

/** The disc and glyph of a sign's image, centred on (290, 315); the pages draw the same one (`signGlyphSvg`). */
export function glyphDisc(glyph: string, paint: { disc: string; glyph: string }): string[] {
  return [
    `<circle cx="290" cy="315" r="200" ${paint.disc} stroke-width="4"/>`,
    `<text x="290" y="400" font-size="240" text-anchor="middle" ${paint.glyph}>${escapeHtml(glyph)}</text>`,
  ];
}

/**
 * The share image's disc alone, for the pages (inline in HTML, so without xmlns): coloured by the stylesheet (`.sign-glyph-disc`, `.sign-glyph-mark`)
 * so it follows the theme, light and dark; text-style glyph (U+FE0E), never an emoji; decorative (`aria-hidden`).
 */
export function signGlyphSvg(glyph: string): string {
  const paint = { disc: 'class="sign-glyph-disc"', glyph: 'class="sign-glyph-mark"' };
  return [
    '<svg class="sign-glyph" viewBox="86 111 408 408" aria-hidden="true">',
    ...glyphDisc(`${glyph}\uFE0E`, paint),
    '</svg>',
  ].join('');
}
