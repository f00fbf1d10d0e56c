// Runs axe-core inside a page and formats what it finds.
//
// The site's Content-Security-Policy allows no inline script, so `page.addScriptTag({ content })` would be
// blocked (and show up as a CSP violation). Instead axe's source runs through `page.evaluate(source)`, which
// goes through the DevTools protocol and is not subject to the page's CSP. We deliberately do NOT use
// `bypassCSP: true`: the pages must be tested under the policy they ship with, or CSP breakage would go unseen.
// (axe may still trip `style-src` itself when it preloads stylesheets into a scratch document, so callers
// read the page's CSP reports before running it.)
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, ImpactValue, Result } from 'axe-core';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE_PATH = require.resolve('axe-core/axe.min.js');
let axeSource: string | undefined;

/** The impacts the issue forbids on any page type. */
export const BLOCKING_IMPACTS: ReadonlySet<ImpactValue> = new Set<ImpactValue>(['serious', 'critical']);

export type AxeViolation = Pick<Result, 'id' | 'impact' | 'help' | 'helpUrl'> & { targets: string[]; summary: string };

/** Injects axe (once per document) and returns its violations for the whole document. */
export async function runAxe(page: Page): Promise<AxeViolation[]> {
  axeSource ??= readFileSync(AXE_SOURCE_PATH, 'utf8');
  const loaded = await page.evaluate('typeof window.axe === "object"');
  if (!loaded) await page.evaluate(axeSource);
  const results = (await page.evaluate(
    // A string, so the function body runs in the page without TypeScript needing the page's globals.
    'window.axe.run(document, { resultTypes: ["violations"] })',
  )) as AxeResults;
  return results.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    helpUrl: v.helpUrl,
    targets: v.nodes.map((n) => n.target.join(' ')),
    summary: v.nodes[0]?.failureSummary ?? '',
  }));
}

export function blocking(violations: readonly AxeViolation[]): AxeViolation[] {
  return violations.filter((v) => v.impact != null && BLOCKING_IMPACTS.has(v.impact));
}

/** The rule ids alone: what a failing assertion diffs (the full report goes in its message). */
export const ruleIds = (violations: readonly AxeViolation[]): string[] => violations.map((v) => v.id);

/** One readable block per rule: id, impact, help, the first targets and why the first one failed. */
export function formatViolations(violations: readonly AxeViolation[]): string {
  return violations
    .map((v) => {
      const shown = v.targets.slice(0, 5).join(', ');
      const more = v.targets.length > 5 ? ` (+${v.targets.length - 5} more)` : '';
      const why = v.summary.replace(/\n/g, ' ');
      return `  [${v.impact}] ${v.id}: ${v.help}\n    targets: ${shown}${more}\n    ${why}\n    ${v.helpUrl}`;
    })
    .join('\n');
}
