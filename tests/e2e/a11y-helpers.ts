import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from 'playwright-core';

/**
 * axe-core in the real pages (issue 20.7): injected into the page (the context bypasses the console's
 * Content-Security-Policy for this script only: `bypassCSP`), run over the whole document or over the
 * parts of it a page changes (PAGE_SCOPE), and the serious and critical violations returned, each with
 * its rule, how many elements and a few of them.
 */
const AXE = createRequire(import.meta.url).resolve('axe-core');

/** Every schema page's in-app path (its menu entry), from schemas/pages. */
export function schemaPagePaths(): { name: string; uri: string }[] {
  const root = path.resolve(import.meta.dirname, '../../schemas/pages');
  return ['admin', 'dacang'].flatMap((app) =>
    fs
      .readdirSync(path.join(root, app))
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => {
        const page = JSON.parse(fs.readFileSync(path.join(root, app, f), 'utf8')) as {
          menu?: { uri?: string; route?: { path: string; params?: Record<string, string> } };
        };
        const name = `${app}/${f.replace(/\.json$/, '')}`;
        // A page with a route of its own (a detail page opened from its menu entry's page) is at that
        // route, its parameters filled; one without a menu entry through the renderer's QA harness.
        const route = page.menu?.route;
        if (route)
          return {
            name,
            uri: route.path.replace(/:(\w+)/g, (_, p: string) => encodeURIComponent(route.params?.[p] ?? p)),
          };
        return { name, uri: page.menu?.uri ?? `/__schema/${name}` };
      }),
  );
}

export interface Finding {
  rule: string;
  impact: string;
  count: number;
  help: string;
  targets: string[];
}

/**
 * Waits until a page has its data: nothing loading (a loading button is drawn faded), then two frames.
 * Not 'networkidle': the layout polls (unread messages), so the network is never idle for long.
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForFunction(
    () => !document.querySelector('.ant-spin-spinning, .ant-btn-loading, .ant-skeleton'),
    null,
    { timeout: 30_000 },
  );
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/**
 * Closes every tab but the home tab and the active one, with their close buttons: the layout keeps at
 * most 20 tabs (a 21st is refused and the page stays where it was), and a closed tab's page is dropped.
 * The buttons are clicked inside the page, in one call (React handles each click before the next);
 * what this file checks is the page, not the tab bar (tests/e2e/shell-tabs.test.ts drives that).
 */
export async function closeOtherTabs(page: Page): Promise<void> {
  const others = '.ant-tabs-tab:not(.ant-tabs-tab-active) .ant-tabs-tab-remove';
  await page.evaluate((selector) => {
    for (const button of document.querySelectorAll<HTMLElement>(selector)) button.click();
  }, others);
  await page.waitForFunction((selector) => !document.querySelector(selector), others);
}

/**
 * The rules whose verdict depends on the colours in effect: all a theme can change. A page already
 * checked with every rule in the light theme is checked in the dark one with these (the structure,
 * names and roles are the same in both).
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * What changes from one schema page to the next in the console: the page itself (the layout's content
 * area, `main`) and the sidebar's selected entry. The rest of the shell (header, sidebar, tab bar) is
 * the same on every page and is checked whole, with the page-level rules (title, landmarks, language),
 * on both home pages; checking it again on every page was about a third of axe's time there.
 */
export const PAGE_SCOPE = ['main', '[data-menu-root] .ant-menu-item-selected'];

/**
 * The serious and critical axe-core violations of the page as it is now; `rules`: only these;
 * `scope`: only the elements these selectors match (those that match none are left out), else the
 * whole document.
 */
export async function seriousViolations(page: Page, rules?: string[], scope?: string[]): Promise<Finding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  return page.evaluate(
    async ({ only, scope }) => {
      const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
      const include = scope
        ?.filter((selector) => document.querySelector(selector))
        .map((selector) => [selector]);
      const result = await axe.run(include ? { include } : document, {
        resultTypes: ['violations'],
        ...(only ? { runOnly: { type: 'rule' as const, values: only } } : {}),
      });
      return result.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => ({
          rule: v.id,
          impact: v.impact!,
          count: v.nodes.length,
          help: v.help,
          targets: v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`),
        }));
    },
    { only: rules, scope },
  );
}

/** One line per page for the run's summary: how many serious or critical elements, by rule. */
export function summaryLine(label: string, findings: Finding[]): string {
  const total = findings.reduce((n, f) => n + f.count, 0);
  return `${label.padEnd(42)} ${total}${total ? ` (${findings.map((f) => `${f.rule} ${f.count}`).join(', ')})` : ''}`;
}
