/**
 * QA snapshots (issue 5): every page of schemas/pages/<app>/*.json rendered in Chromium against the
 * real server on a fresh, seeded DATA_DIR, signed in as hq001 through the real API, through the
 * renderer's QA harness route (/__schema/:app/:name, src/renderer/harness). Writes a normalised DOM
 * snapshot (normalise.ts) and a PNG per page under tests/snapshots/<app>/.
 *
 *   npx tsx scripts/snapshots/index.ts           write (or refresh) every snapshot
 *   npx tsx scripts/snapshots/index.ts --check   compare the DOM snapshots; exit 1 naming each page
 *                                                that changed (its new DOM and PNG are written next to
 *                                                the old as *.actual.*, which git ignores)
 *   … --variants                                 only the dark and English variants (variants.ts)
 *
 * PNGs are for people to look at; only the DOM is compared (pixels vary with fonts and GPUs).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
// @ts-expect-error plain ESM script without types
import { buildIfStale } from '../build-if-stale.mjs';
// @ts-expect-error plain ESM script without types
import { ensureChromium } from '../ensure-chromium.mjs';
import { launchBrowser } from '../../tests/fixtures/browser';
import { startServer } from '../../tests/fixtures/server-process';
import { openInApp } from '../../tests/fixtures/open-in-app';
import { watchNetwork } from './network';
import { firstDifference, serialiseDom } from './normalise';
import { signIn, installSession } from './sign-in';
import { openVariant, VARIANTS } from './variants';

const ROOT = path.resolve(import.meta.dirname, '../..');
const OUT = path.join(ROOT, 'tests/snapshots');
const APPS = ['admin', 'dacang'] as const;
const VIEWPORT = { width: 1440, height: 900 };

interface PageRef {
  app: (typeof APPS)[number];
  name: string;
}

function pageFiles(): PageRef[] {
  return APPS.flatMap((app) => {
    const dir = path.join(ROOT, 'schemas/pages', app);
    if (!fs.existsSync(dir)) return [];
    return fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => ({ app, name: f.replace(/\.json$/, '') }));
  });
}

/**
 * Waits until the page's list has answered and nothing is loading any more. `quiet`: resolves when the
 * network has gone quiet (the document's networkidle, unless the page was opened in the same document).
 */
async function settle(
  page: Page,
  quiet: () => Promise<void> = () => page.waitForLoadState('networkidle'),
  within = '',
): Promise<void> {
  await page
    .locator(['.fr-list', '.ant-result', '.ant-alert-error'].map((s) => `${within} ${s}`.trim()).join(', '))
    .first()
    .waitFor({ timeout: 60_000 });
  await quiet();
  // A select still fetching its options (a category tree) is loading too: on a busy machine its call
  // can start after the network has been idle for the half second networkidle waits.
  await page.waitForFunction(
    () =>
      !document.querySelector('.ant-spin-spinning, .ant-table-placeholder .ant-spin, .ant-select-loading'),
    null,
    {
      timeout: 60_000,
    },
  );
  // antd animates in and out (a button's loading icon leaving, a tag appearing): wait until it is done.
  await page
    .waitForFunction(() => !document.querySelector('[class*="-motion-"], .ant-btn-loading'), null, {
      timeout: 15_000,
    })
    .catch(() => undefined);
  // Let the virtual table measure and paint its rows.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

async function main() {
  const check = process.argv.includes('--check');
  ensureChromium();
  buildIfStale({ quiet: true });
  const server = await startServer();
  const changed: string[] = [];
  try {
    const session = await signIn(server.url, 'hq001');
    const browser = await launchBrowser();
    try {
      const context = await browser.newContext({
        viewport: VIEWPORT,
        deviceScaleFactor: 1,
        locale: 'zh-CN',
        timezoneId: 'Asia/Shanghai',
      });
      await installSession(context, server.url, session);
      const refs = process.argv.includes('--variants') ? [] : pageFiles();
      // One tab and one document for every page: the first is loaded, each next one is opened through
      // the router, as a user goes from page to page (the harness keys each page, so its state starts
      // anew). A document per page would cost Chromium its boot and antd's style generation again each
      // time (a quarter of the run's CPU: 195 → 144 CPU-seconds here), and a tab per page a renderer
      // process each.
      const page = await context.newPage();
      const network = watchNetwork(page);
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      let loaded = false;
      for (const ref of refs) {
        const label = `${ref.app}/${ref.name}`;
        errors.length = 0;
        let dom: string;
        try {
          const path = `/__schema/${ref.app}/${ref.name}`;
          if (loaded) await openInApp(page, path);
          else await page.goto(`${server.url}${path}`);
          loaded = true;
          await settle(page, () => network.idle(), `[data-harness="${label}"]`);
          // A call that failed (refused, or past the console's request timeout on a starved machine)
          // leaves its list empty and says why in a message (RequestUiBridge): reported as that, not as
          // a changed page.
          const failed = await page.evaluate<string>(
            `[...document.querySelectorAll('.ant-message-error')].map((e) => e.textContent).join(' / ')`,
          );
          if (failed) throw new Error(`a call failed: ${failed}`);
          // As source text: tsx adds a __name helper to named functions, which the page does not have.
          dom = await page.evaluate<string>(
            `(() => { const __name = (f) => f; return (${serialiseDom.toString()})(document.querySelector('[data-harness]')); })()`,
          );
        } catch (err) {
          const shot = path.join(OUT, ref.app, `${ref.name}.actual.png`);
          fs.mkdirSync(path.dirname(shot), { recursive: true });
          await page.screenshot({ path: shot }).catch(() => undefined);
          // The next page starts from a fresh document: nothing of a broken one carries over.
          loaded = false;
          changed.push(label);
          console.error(
            `✗ ${label}: did not render (${(err as Error).message.split('\n')[0]}) ${errors.join('; ')}`,
          );
          continue;
        }
        if (errors.length) console.error(`! ${label}: page errors: ${errors.join('; ')}`);
        const dir = path.join(OUT, ref.app);
        fs.mkdirSync(dir, { recursive: true });
        const domFile = path.join(dir, `${ref.name}.dom.txt`);
        const pngFile = path.join(dir, `${ref.name}.png`);
        if (check) {
          const stored = fs.existsSync(domFile) ? fs.readFileSync(domFile, 'utf8') : undefined;
          if (stored !== dom) {
            changed.push(label);
            fs.writeFileSync(path.join(dir, `${ref.name}.actual.dom.txt`), dom);
            await page.screenshot({ path: path.join(dir, `${ref.name}.actual.png`) });
            console.error(
              stored === undefined
                ? `✗ ${label}: no snapshot yet (run without --check to write it)`
                : `✗ ${label}: the page changed\n${firstDifference(stored, dom)}`,
            );
          } else {
            for (const f of ['actual.dom.txt', 'actual.png'])
              fs.rmSync(path.join(dir, `${ref.name}.${f}`), { force: true });
            console.log(`✓ ${label}`);
          }
        } else {
          fs.writeFileSync(domFile, dom);
          await page.screenshot({ path: pngFile });
          console.log(`wrote ${path.relative(ROOT, domFile)} and ${path.basename(pngFile)}`);
        }
      }
      await page.close();
      for (const variant of VARIANTS) {
        const { page, root, close } = await openVariant(
          browser,
          server.url,
          session,
          variant,
          { viewport: VIEWPORT, deviceScaleFactor: 1, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' },
          settle,
        );
        const dom = (
          await page.evaluate<string>(
            `(() => { const __name = (f) => f; return (${serialiseDom.toString()})(${root}); })()`,
          )
        )
          // The sidebar's menu ids carry a random number per page load.
          .replace(/rc-menu-uuid-\d+-/g, 'rc-menu-uuid-');
        const domFile = path.join(OUT, `${variant.file}.dom.txt`);
        fs.mkdirSync(path.dirname(domFile), { recursive: true });
        const stored = fs.existsSync(domFile) ? fs.readFileSync(domFile, 'utf8') : undefined;
        if (check && stored !== dom) {
          changed.push(variant.file);
          fs.writeFileSync(path.join(OUT, `${variant.file}.actual.dom.txt`), dom);
          await page.screenshot({ path: path.join(OUT, `${variant.file}.actual.png`) });
          console.error(
            stored === undefined
              ? `✗ ${variant.file}: no snapshot yet`
              : `✗ ${variant.file}: the page changed`,
          );
        } else if (check) console.log(`✓ ${variant.file}`);
        else {
          fs.writeFileSync(domFile, dom);
          await page.screenshot({ path: path.join(OUT, `${variant.file}.png`) });
          console.log(`wrote ${path.relative(ROOT, domFile)} and its PNG`);
        }
        await close();
      }
      if (check && !process.argv.includes('--variants')) {
        // A snapshot whose page file is gone is a change too (the variants are snapshots of theirs).
        const known = new Set([...refs.map((r) => `${r.app}/${r.name}`), ...VARIANTS.map((v) => v.file)]);
        for (const app of APPS) {
          const dir = path.join(OUT, app);
          if (!fs.existsSync(dir)) continue;
          for (const f of fs
            .readdirSync(dir)
            .filter((x) => x.endsWith('.dom.txt') && !x.includes('.actual.'))) {
            const label = `${app}/${f.replace(/\.dom\.txt$/, '')}`;
            if (!known.has(label)) {
              changed.push(label);
              console.error(`✗ ${label}: snapshot of a page that no longer exists`);
            }
          }
        }
      }
    } finally {
      await browser.close();
    }
  } finally {
    await server.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
  if (changed.length) {
    console.error(`\nQA snapshots differ: ${changed.join(', ')}`);
    process.exit(1);
  }
}

await main();
