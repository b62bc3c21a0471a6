// axe-core in the page under test. It is evaluated through the browser's debugging protocol rather than added as a
// script tag, so the console's Content-Security-Policy (no inline scripts) stays as strict as in production.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface Finding {
  rule: string;
  impact: string;
  target: string;
  html: string;
  summary: string;
}

/**
 * Waits out the fades and colour transitions running now (not endless ones, such as a spinner's): colours caught
 * halfway through them are not the ones a person reads.
 */
async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Every violation axe finds on the page as it is now, one entry per element; within `scope` (a selector) when given,
 * else the whole document.
 */
export async function findViolations(page: Page, scope?: string): Promise<Finding[]> {
  await animationsDone(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async (scope) => {
    const { axe } = window as unknown as { axe: typeof import('axe-core') };
    const results = await axe.run(scope ?? document, { resultTypes: ['violations'] });
    return results.violations.flatMap((rule) =>
      rule.nodes.map((node) => ({
        rule: rule.id,
        impact: node.impact ?? rule.impact ?? 'unknown',
        target: node.target.join(' '),
        html: node.html.slice(0, 160),
        summary: node.failureSummary ?? '',
      })),
    );
  }, scope);
}

/**
 * The critical and serious violations on the page, one line each naming the screen, the rule and the element: what
 * the browser tests require to be none.
 */
export async function seriousViolations(page: Page, screen: string, scope?: string): Promise<string[]> {
  return (await findViolations(page, scope))
    .filter((finding) => finding.impact === 'critical' || finding.impact === 'serious')
    .map((finding) => `${screen}: ${finding.impact} ${finding.rule} at ${finding.target} ${finding.html}`);
}
