import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Page } from 'playwright-core';
import { build } from 'vite';
import { launchBrowser } from '../tests/fixtures/browser';
import { startServer } from '../tests/fixtures/server-process';
import { type Figure, ratioFigure } from './lib/report';
import { signIn } from './lib/session';

/**
 * Issue 7, benchmark 1: the gzip size of the JS and CSS a first visit downloads, per route, seen by
 * Chromium (every script and stylesheet response, gzip-compressed here at level 9, as the build
 * precompresses them). Reference: a bare Vite React page built in the same run. Beside it, what the
 * server did send: the bytes on the wire (brotli, which Chromium asks for) and any script or style
 * over 1 KB that went out uncompressed.
 */
async function bareReferenceKb(): Promise<number> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fresh-bench-bare-'));
  await build({
    root: path.resolve(import.meta.dirname, 'fixtures/bare'),
    configFile: false,
    logLevel: 'silent',
    plugins: [react()],
    build: { outDir, emptyOutDir: true },
  });
  let total = 0;
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.(js|css)$/.test(entry.name)) total += gzipSync(fs.readFileSync(file), { level: 9 }).length;
    }
  };
  walk(outDir);
  fs.rmSync(outDir, { recursive: true, force: true });
  return total / 1024;
}

/** The lazy modules that hold echarts and tiptap (each its own chunk, vite.config.ts / React.lazy). */
const HEAVY_ENTRIES = [
  'src/renderer/charts/EChart.tsx',
  'src/renderer/widgets/rich-editor/RichTextEditor.tsx',
];

/**
 * A role's dashboard on the home page (issue 20.8): its panel and the chart library load as chunks of
 * their own once the home summary has a charts section, after the first screen (shell, welcome card,
 * counters) is drawn.
 */
const DASHBOARD_ENTRIES = ['src/apps/shared/home/ChartsPanel.tsx', 'src/renderer/charts/EChart.tsx'];

/** Their files in the build that is being served (dist/.vite/manifest.json). */
function heavyChunks(entries = HEAVY_ENTRIES): string[] {
  const manifest = JSON.parse(
    fs.readFileSync(path.resolve(import.meta.dirname, '../dist/.vite/manifest.json'), 'utf8'),
  ) as Record<string, { file: string }>;
  return entries.map((k) => manifest[k]?.file).filter((f): f is string => !!f);
}

interface Visit {
  jsKb: number;
  /** Each script's gzip size by URL. */
  scripts: Map<string, number>;
  /** Script URLs in the order they were requested. */
  requested: string[];
  /** How many of them were requested when the home summary answered (-1: it did not). */
  summaryAt: number;
  cssKb: number;
  urls: string[];
  /** The largest scripts, 'name 99.4 KB', largest first: where a gap to the target sits. */
  largest: string;
  /** JS and CSS as the server sends them: the lengths of its answers (compressed, when they are). */
  sentKb: number;
  /** Scripts and styles over 1 KB sent without a content encoding (file names). */
  uncompressed: string[];
}

/** The five largest scripts, 'name 99.4 KB', largest first. */
function largestOf(scripts: [url: string, kb: number][]): string {
  return scripts
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(
      ([url, kb]) =>
        `${url
          .split('/')
          .pop()
          ?.replace(/-[\w-]{8}\.js$/, '')} ${kb.toFixed(1)} KB`,
    )
    .join(', ');
}

async function visit(page: Page, url: string, waitFor: () => Promise<unknown>): Promise<Visit> {
  const bodies: Promise<{ url: string; type: string; gz: number; sent: number; plain: boolean }>[] = [];
  const requested: string[] = [];
  /** How many scripts were requested when the home summary answered (-1: it did not). */
  let summaryAt = -1;
  page.on('request', (req) => {
    if (req.resourceType() === 'script') requested.push(req.url());
  });
  page.on('response', (res) => {
    if (res.url().includes('/api/v1/home/summary') && summaryAt < 0) summaryAt = requested.length;
    const type = res.request().resourceType();
    if (type === 'script' || type === 'stylesheet') {
      bodies.push(
        (async () => {
          const b = await res.body();
          // The length the server gave: a script the context already had (the host's, after the /404
          // page that set up the session) comes from its cache, with no bytes on the wire this time.
          const sent = Number(res.headers()['content-length'] ?? b.length);
          const plain = b.length > 1024 && !res.headers()['content-encoding'];
          return {
            url: res.url(),
            type,
            gz: gzipSync(b, { level: 9 }).length,
            sent,
            plain,
          };
        })(),
      );
    }
  });
  await page.goto(url);
  await waitFor();
  await page.waitForLoadState('networkidle');
  const all = await Promise.all(bodies);
  const sum = (t: string) => all.filter((b) => b.type === t).reduce((n, b) => n + b.gz, 0) / 1024;
  const largest = largestOf(all.filter((b) => b.type === 'script').map((b) => [b.url, b.gz / 1024]));
  const scripts = new Map(all.filter((b) => b.type === 'script').map((b) => [b.url, b.gz / 1024]));
  return {
    jsKb: sum('script'),
    scripts,
    requested,
    summaryAt,
    cssKb: sum('stylesheet'),
    urls: all.map((b) => b.url),
    largest,
    sentKb: all.reduce((n, b) => n + b.sent, 0) / 1024,
    uncompressed: all.filter((b) => b.plain).map((b) => b.url.split('/').pop()!),
  };
}

/** What the server sent for a visit's JS and CSS, and whether each of them went out compressed. */
function sentFigure(route: string, v: Visit): Figure {
  return {
    bench: 'weight',
    metric: `${route} first visit: JS and CSS as the server sends them`,
    value: v.sentKb,
    unit: 'KB',
    target: 'each over 1 KB compressed',
    met: v.uncompressed.length === 0,
    ...(v.uncompressed.length ? { note: `uncompressed: ${v.uncompressed.join(', ')}` } : {}),
  };
}

export async function benchWeight(): Promise<Figure[]> {
  const reference = await bareReferenceKb();
  const server = await startServer();
  const browser = await launchBrowser();
  const figures: Figure[] = [];
  try {
    const login = await visit(await browser.newPage(), `${server.url}/login`, async () => undefined);
    figures.push(
      ratioFigure({
        bench: 'weight',
        metric: '/login first visit: JS (gzip)',
        value: login.jsKb,
        unit: 'KB',
        reference,
        referenceName: 'bare Vite React page',
        target: '≤ 250 KB',
        met: login.jsKb <= 250,
        note: `largest: ${login.largest}`,
      }),
      { bench: 'weight', metric: '/login first visit: CSS (gzip)', value: login.cssKb, unit: 'KB' },
      sentFigure('/login', login),
    );
    const noSubApp = !login.urls.some((u) => u.includes('/subapps/'));
    figures.push({
      bench: 'weight',
      metric: '/login loads no sub-app code',
      value: noSubApp ? 1 : 0,
      unit: '',
      target: 'no sub-app bundle',
      met: noSubApp,
    });

    // /home as hq001: the admin sub-app, and never the dacang one.
    const session = await signIn(server.url);
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/404`);
    const profile = await (
      await fetch(`${server.url}/api/v1/auth/userInfo`, { method: 'POST', headers: session.headers() })
    ).json();
    await page.evaluate(
      ([token, prof]) => {
        document.cookie = `token=${token}; path=/`;
        sessionStorage.setItem('token', token as string);
        localStorage.setItem('profile', JSON.stringify(prof));
      },
      [session.token, profile.data] as const,
    );
    const fresh = await context.newPage();
    await page.close();
    const home = await visit(fresh, `${server.url}/home`, () =>
      fresh.waitForSelector('[data-subapp="admin"]', { timeout: 60_000 }).catch(() => undefined),
    );
    // hq001's home has a dashboard: its panel (with ECharts and the enum labels) is requested once the
    // summary answers, after the first screen; the scripts requested from then on are shown apart.
    const dashboard = heavyChunks(DASHBOARD_ENTRIES);
    const first = new Set(home.summaryAt < 0 ? home.requested : home.requested.slice(0, home.summaryAt));
    const dashboardKb = [...home.scripts].filter(([u]) => !first.has(u)).reduce((n, [, kb]) => n + kb, 0);
    const panelLater = home.requested.some((u) => u.endsWith(`/${dashboard[0]}`) && !first.has(u));
    const firstScreenKb = home.jsKb - dashboardKb;
    figures.push(
      ratioFigure({
        bench: 'weight',
        metric: '/home first screen: JS (gzip), without the dashboard charts',
        value: firstScreenKb,
        unit: 'KB',
        reference,
        referenceName: 'bare Vite React page',
        target: '≤ 300 KB',
        met: firstScreenKb <= 300,
        // The largest of the first screen's scripts (the figure's), not of the whole visit.
        note: `${first.size} scripts; largest: ${largestOf([...home.scripts].filter(([u]) => first.has(u)))}`,
      }),
      {
        bench: 'weight',
        metric: '/home dashboard charts: JS (gzip), loaded after the first screen',
        value: dashboardKb,
        unit: 'KB',
      },
      { bench: 'weight', metric: '/home first visit: CSS (gzip)', value: home.cssKb, unit: 'KB' },
      sentFigure('/home', home),
    );
    // Issue 21.6: the rich-text editor (tiptap) chunk loads only with the pages that show it; the
    // chart library only with a page or home dashboard that draws charts (looked up in the manifest).
    const editor = heavyChunks(HEAVY_ENTRIES.filter((e) => !e.includes('/charts/')));
    const heavyLoaded = home.urls.filter((u) => editor.some((f) => u.endsWith(`/${f}`)));
    figures.push({
      bench: 'weight',
      metric: '/home loads no editor code; chart code only as the dashboard’s chunks',
      value: heavyLoaded.length ? 0 : 1,
      unit: '',
      target: 'no tiptap chunk',
      met: editor.length === 1 && panelLater && !heavyLoaded.length,
      note:
        editor.length === 1
          ? heavyLoaded.map((u) => u.split('/').pop()).join(', ') || undefined
          : 'chunks not found in the manifest',
    });
    const noDacang = !home.urls.some((u) => u.includes('/subapps/dacang/'));
    figures.push({
      bench: 'weight',
      metric: '/home (admin) loads no dacang code',
      value: noDacang ? 1 : 0,
      unit: '',
      target: 'no dacang bundle',
      met: noDacang,
    });
  } finally {
    await browser.close();
    await server.stop();
  }
  return figures;
}
