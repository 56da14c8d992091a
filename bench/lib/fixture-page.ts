import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { build } from 'vite';
import { launchBrowser } from '../../tests/fixtures/browser';
import { browserAliases, resolutionPlugins } from '../../scripts/vite-resolve';

const root = path.resolve(import.meta.dirname, '../..');
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
};

/**
 * The bench page of bench/fixtures/list, built for production with the repo root as Vite root (the
 * renderer finds schema files by root-relative globs) and served by a tiny static server.
 */
export interface FixturePage {
  browser: Browser;
  page: Page;
  cdp: CDPSession;
  close(): Promise<void>;
}

async function buildFixture(minify: boolean): Promise<string> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fresh-bench-list-'));
  await build({
    root,
    configFile: false,
    logLevel: 'silent',
    // The console's own resolutions (scripts/vite-resolve.ts): the bench measures what ships.
    plugins: [react(), ...resolutionPlugins(root)],
    resolve: { alias: browserAliases(root) },
    build: {
      outDir,
      emptyOutDir: true,
      chunkSizeWarningLimit: 10_000,
      minify,
      rollupOptions: { input: path.join(root, 'bench/fixtures/list/index.html') },
    },
  });
  return outDir;
}

function serve(dir: string): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const file = path.join(dir, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    if (!file.startsWith(dir) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/**
 * `minify: false` keeps component names (for render counts); `init` (script text) runs in the page
 * before its own scripts (e.g. a React DevTools hook).
 */
export async function openFixture(opts: { minify?: boolean; init?: string } = {}): Promise<FixturePage> {
  const dir = await buildFixture(opts.minify ?? true);
  const server = await serve(dir);
  const browser = await launchBrowser();
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const cdp = await page.context().newCDPSession(page);
  if (opts.init) await page.addInitScript({ content: opts.init });
  const { port } = server.address() as AddressInfo;
  await page.goto(`http://127.0.0.1:${port}/bench/fixtures/list/index.html`);
  await page.waitForFunction(() => 'bench' in window);
  return {
    browser,
    page,
    cdp,
    async close() {
      await browser.close();
      await new Promise((r) => server.close(r));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)] ?? Number.NaN;
};
