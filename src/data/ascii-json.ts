// JSON written with every character outside ASCII as a `\uXXXX` escape, for the files a warm build reads back
// (the response cache, the sanitized-HTML memo), and read back as latin1 when it is all ASCII.
//
// WHY: a single en dash or accented letter makes V8 hold a whole decoded file with two bytes per character, and
// UTF-8 decoding into that is slow: the 2.7 MB memo of a three-year archive (3,556 such characters) took about
// 20 ms. Written in ASCII it decodes as latin1, which is a copy: under 1 ms. JSON.parse reads the escapes back to
// the same strings, and a file written before (or by hand) in UTF-8 is still decoded as UTF-8.
import { isAscii } from 'node:buffer';

const NON_ASCII = /[\u007f-\uffff]/g;

export function asciiJson(value: unknown): string {
  // JSON.stringify already escapes lone surrogates; a pair becomes two escapes, which JSON.parse joins again.
  return JSON.stringify(value).replace(NON_ASCII, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A file's text: latin1 (the same characters, decoded fastest) when every byte is ASCII, UTF-8 otherwise. */
export function decodeText(bytes: Buffer): string {
  return bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8');
}
