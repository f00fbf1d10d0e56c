// The Worker's pages: the form page the build wrote (its shell), with #chart-result filled and the fields' values
// kept, under the page's own headers (`_headers`: the policy and the rest), never cached.
import type { ChartFormData } from '../model/chart-form-data.ts';
import type { Env } from './env.ts';
import { runtime } from './env.ts';
import { MAX_PLACE_CHARS, type FormValues, type InputProblem } from './form-input.ts';
import { escapeHtml, isMessage, messageHtml, type wordsOf } from './render.ts';

export interface FormContext {
  env: Env;
  url: URL;
  data: ChartFormData;
  t: ReturnType<typeof wordsOf>;
  /** The language's form page, site path. */
  shellPath: string;
  /** `YYYY-MM-DD`, UTC. */
  today: string;
  /** When the request arrived (ms since the epoch): the visitor's one wait starts then. */
  received: number;
}

/** What folding the form takes of HTMLRewriter's element. https://developers.cloudflare.com/workers/runtime-apis/html-rewriter/#element */
interface FoldedElement {
  tagName: string;
  prepend(content: string, options: { html: boolean }): void;
}

/** Headers of the shell's answer that describe that file, not this answer. */
const FILE_HEADERS = ['etag', 'last-modified', 'content-length', 'cache-control', 'age', 'cf-cache-status'];

/** The form page with `resultHtml` in its result and its fields filled in with `input`, as the visitor sent them. */
export async function page(
  context: FormContext,
  status: number,
  resultHtml: string,
  input?: FormValues,
  extra: Record<string, string> = {},
): Promise<Response> {
  const shell = await context.env.ASSETS.fetch(new Request(`${context.url.origin}${context.shellPath}`));
  if (!shell.ok) return new Response('Not Found', { status: 404 });
  const headers = new Headers(shell.headers);
  for (const name of FILE_HEADERS) headers.delete(name);
  // Birth data is in this page: no cache anywhere keeps it.
  headers.set('Cache-Control', 'no-store');
  for (const [name, value] of Object.entries(extra)) headers.set(name, value);
  let rewriter = new runtime.HTMLRewriter().on('#chart-result', {
    element: (element) => element.setInnerContent(resultHtml, { html: true }),
  });
  // A chart, or places to pick from, leads the page: the form follows, folded, for another chart. A message leaves
  // it open, to be put right. https://developer.mozilla.org/docs/Web/HTML/Element/details
  if (!isMessage(resultHtml)) {
    rewriter = rewriter.on('#chart-again', {
      element: (element) => {
        const fold = element as unknown as FoldedElement;
        fold.tagName = 'details';
        fold.prepend(`<summary>${escapeHtml(context.t('chartForm.another'))}</summary>`, { html: true });
      },
    });
  }
  if (input) {
    // HTMLRewriter's setAttribute escapes the quote alone: an `&` left as it is would be decoded (`&lt;` read as `<`).
    const value = (selector: string, text: string) => {
      rewriter = rewriter.on(selector, {
        element: (element) => element.setAttribute('value', text.replaceAll('&', '&amp;')),
      });
    };
    value('#chart-date', input.date);
    if (input.timeKnown) value('#chart-time', input.time);
    else rewriter = rewriter.on('#chart-no-time', { element: (element) => element.setAttribute('checked', '') });
    value('#chart-place', input.query);
  }
  return rewriter.transform(new Response(shell.body, { status, headers }));
}

const PROBLEM_MESSAGES: Record<InputProblem | 'tooMany' | 'dailyLimit' | 'unavailable', string> = {
  badRequest: 'chartForm.badRequest',
  // "send the form again" is what a visitor whose body came too slowly can do.
  slowBody: 'chartForm.badRequest',
  badDate: 'chartForm.badDate',
  badTime: 'chartForm.badTime',
  badPlace: 'chartForm.badPlace',
  placeTooLong: 'chartForm.placeTooLong',
  tooMany: 'chartForm.tooMany',
  dailyLimit: 'chartForm.dailyLimit',
  unavailable: 'chartForm.unavailable',
};

export type Problem = keyof typeof PROBLEM_MESSAGES;

/** The form page with one message in its result, in the visitor's language, filled in with what they sent. */
export function problemPage(
  context: FormContext,
  status: number,
  problem: Problem,
  input?: FormValues,
  extra: Record<string, string> = {},
): Promise<Response> {
  const text = context.t(PROBLEM_MESSAGES[problem], {
    min: context.data.dateMin,
    max: context.today,
    chars: MAX_PLACE_CHARS,
  });
  return page(context, status, messageHtml(context.t, text), input, extra);
}
