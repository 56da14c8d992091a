import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from 'playwright-core';

/**
 * axe-core in the real pages (issue 20.7): injected into the page (the context bypasses the console's
 * Content-Security-Policy for this script only: `bypassCSP`), run over the whole document, and the
 * serious and critical violations returned, each with its rule, how many elements and a few of them.
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
          menu?: { uri?: string };
        };
        const name = `${app}/${f.replace(/\.json$/, '')}`;
        // A page without a menu entry (a detail page) is shown through the renderer's QA harness route.
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

/** The serious and critical axe-core violations of the page as it is now. */
export async function seriousViolations(page: Page): Promise<Finding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        rule: v.id,
        impact: v.impact!,
        count: v.nodes.length,
        help: v.help,
        targets: v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`),
      }));
  });
}

/** One line per page for the run's summary: how many serious or critical elements, by rule. */
export function summaryLine(label: string, findings: Finding[]): string {
  const total = findings.reduce((n, f) => n + f.count, 0);
  return `${label.padEnd(42)} ${total}${total ? ` (${findings.map((f) => `${f.rule} ${f.count}`).join(', ')})` : ''}`;
}
