// Opening a page while recording what went wrong, and the in-page probes the browser tests assert on.
// The probes are strings run in the page: the project's TypeScript has no DOM lib (src/ is Node code), and
// adding it for the tests would let DOM globals slip into src/ unnoticed.
import type { Page } from 'playwright-core';
import { SIGN_SLUGS } from '../../../src/data/signs.ts';

export const scrollWidth = (page: Page) => page.evaluate('document.documentElement.scrollWidth') as Promise<number>;

/** In-page: the elements past the right edge, deepest first, to say WHAT makes a page scroll sideways. */
const OVERFLOW_CULPRITS = `(() => {
  const limit = document.documentElement.clientWidth;
  const describe = (el) => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
    (typeof el.className === 'string' && el.className.trim() ? '.' + el.className.trim().split(/\\s+/).join('.') : '');
  // Inside a box that scrolls or clips sideways (a row of links, a wide table's wrapper) and fits itself, an
  // element past the edge is scrolled to, not past the page.
  const clipped = (el) => {
    for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
      if (getComputedStyle(box).overflowX !== 'visible') return box.getBoundingClientRect().right <= limit + 0.5;
    }
    return false;
  };
  const over = [...document.body.querySelectorAll('*')].filter((el) => el.getBoundingClientRect().right > limit + 0.5 && !clipped(el));
  const leaves = over.filter((el) => !over.some((other) => other !== el && el.contains(other)));
  return leaves.slice(0, 8).map((el) => {
    const text = (el.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 40);
    const right = Math.round(el.getBoundingClientRect().right);
    return describe(el) + ' right=' + right + 'px' + (text ? ' "' + text + '"' : '');
  });
})()`;

export const overflowCulprits = (page: Page) => page.evaluate(OVERFLOW_CULPRITS) as Promise<string[]>;

export interface Focused {
  tag: string;
  href: string | null;
  isMain: boolean;
  /** Inside <main> (and not main itself). */
  inMain: boolean;
  /** Inside the sign navigation: the <nav> that links to all twelve sign hubs. */
  inSignNav: boolean;
  text: string;
  /** `outline-style outline-width` of the focused element. */
  outline: string;
  boxShadow: string;
}

/** In-page: the focused element and where it sits. */
const FOCUSED = `(() => {
  const el = document.activeElement;
  if (!el || el === document.body) {
    return { tag: 'body', href: null, isMain: false, inMain: false, inSignNav: false, text: '', outline: 'none',
      boxShadow: 'none' };
  }
  const style = getComputedStyle(el);
  const nav = el.closest('nav');
  const signHubs = ${JSON.stringify(SIGN_SLUGS)};
  return {
    tag: el.tagName.toLowerCase(),
    href: el.getAttribute('href'),
    isMain: el.tagName === 'MAIN',
    inMain: !!el.closest('main') && el.tagName !== 'MAIN',
    inSignNav: !!nav && signHubs.every((s) => nav.querySelector('a[href="/' + s + '/"]')),
    text: (el.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 40),
    outline: style.outlineStyle + ' ' + style.outlineWidth,
    boxShadow: style.boxShadow,
  };
})()`;

export const focusedElement = (page: Page) => page.evaluate(FOCUSED) as Promise<Focused>;

/** Whether a focused element shows a focus indicator of its own (an outline or a box-shadow). */
export function hasFocusIndicator(focused: Focused): boolean {
  const [style, width] = focused.outline.split(' ');
  return (style !== 'none' && width !== '0px') || focused.boxShadow !== 'none';
}
