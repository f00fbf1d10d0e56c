// Positions and addresses in a file's text, for the rules of `npm run check`.

/** The 1-based line of each offset of `text`, by a binary search over its line starts. */
export function lineFinder(text: string): (index: number) => number {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return (index) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle]! <= index) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** Every absolute URL on `origin` in `text` (up to a quote, `<`, `&`, a backslash or a space), with its offset. */
export function originUrls(text: string, origin: string): { url: string; index: number }[] {
  const onOrigin = new RegExp(`${escapeRegExp(origin)}(?=[/"'<&\\s]|$)[^"'<>&\\s\\\\]*`, 'g');
  return [...text.matchAll(onOrigin)].map((m) => ({ url: m[0], index: m.index }));
}
