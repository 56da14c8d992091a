import type { Browser, BrowserContext, BrowserContextOptions, Download, Page } from 'playwright-core';
import { inject } from 'vitest';
import { CONTEXT_DEFAULTS, connectBrowser, failOnPageErrors, recordPageErrors } from '../fixtures/browser';
import { laneURL } from './lane';

/**
 * A test file's browser. Each worker (one lane, tests/e2e/lane.ts) keeps one connection to the run's
 * Chromium for every file it runs, and each file gets a view of it (openBrowser): the contexts the
 * file opens are its own, its close() closes them and fails on uncaught errors in their pages, as a
 * connection of its own did. What the view adds is the console pool (consoleContext): contexts with
 * their page parked on the lane's server between tests, so that the next console opens in a renderer
 * that has compiled the console's scripts already, in this file or the next one of the lane.
 *
 * Measured (docs/decisions.md, "Browser tests reuse the console's page"): a list page costs Chromium
 * about 3.6 CPU-seconds in a new context, 2.9 in a new page of a context that showed it before, and
 * 1.8 in the same page, navigated again.
 */
const lane = globalThis as typeof globalThis & {
  /** This worker's connection (vitest runs a lane's files in one process, modules not isolated). */
  e2eBrowser?: Promise<Browser>;
  /** Console contexts not in use, each with its page parked on the lane's server. */
  e2eIdleConsoles?: { context: BrowserContext; page: Page | undefined }[];
};

interface FileView {
  errors: string[];
  /** Contexts this file holds: closed by its close(). */
  contexts: Set<BrowserContext>;
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
}
const views = new WeakMap<Browser, FileView>();
/** The list each context's page errors go to: its holder's. */
const sinks = new WeakMap<BrowserContext, string[]>();

/** This file's view of the lane's browser (see above). */
export async function openBrowser(): Promise<Browser> {
  const browser = await (lane.e2eBrowser ??= connectBrowser(inject('browserWs')));
  const view: FileView = {
    errors: [],
    contexts: new Set(),
    async newContext(options = {}) {
      const context = await browser.newContext({ ...CONTEXT_DEFAULTS, ...options });
      sinks.set(context, view.errors);
      recordPageErrors(context, () => sinks.get(context) ?? view.errors);
      view.contexts.add(context);
      context.on('close', () => view.contexts.delete(context));
      return context;
    },
  };
  const handle = new Proxy(browser, {
    get(target, prop) {
      switch (prop) {
        case 'newContext':
          return view.newContext;
        case 'newPage':
          // As Browser.newPage: a context of the page's own, closed with it.
          return async (options?: BrowserContextOptions) => {
            const context = await view.newContext(options);
            const page = await context.newPage();
            page.once('close', () => void context.close());
            return page;
          };
        case 'contexts':
          return () => [...view.contexts];
        case 'close':
          return async () => {
            await Promise.all([...view.contexts].map((c) => closeForGood(c)));
            failOnPageErrors(view.errors);
          };
        default: {
          const value: unknown = Reflect.get(target, prop, target);
          return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
        }
      }
    },
  });
  views.set(handle, view);
  return handle;
}

const CONSOLE_CONTEXT = { viewport: { width: 1440, height: 900 }, locale: 'zh-CN' } as const;
/** Where a pooled page waits: a same-origin file that is not the app (the console stops running). */
const parking = () => `${laneURL()}/favicon.svg`;

/** Each pooled context's own close (its `close` returns it to the pool). */
const realClose = new WeakMap<BrowserContext, () => Promise<void>>();
/** The file holding a pooled context now, and the page the pool gave it. */
const holder = new WeakMap<BrowserContext, FileView>();
const kept = new WeakMap<BrowserContext, Page>();
/** Contexts and pages a test changed in a way the pool cannot undo: closed, never pooled again. */
const tainted = new WeakSet<object>();
const watched = new WeakSet<object>();

function closeForGood(context: BrowserContext): Promise<void> {
  return (realClose.get(context) ?? (() => context.close()))();
}

/** Marks `mark` tainted when the test calls any of `methods` of `target`. */
function taintOn(target: object, methods: string[], mark: object): void {
  if (watched.has(target)) return;
  watched.add(target);
  const t = target as Record<string, unknown>;
  for (const name of methods) {
    const original = t[name];
    if (typeof original !== 'function') continue;
    t[name] = (...args: unknown[]) => {
      tainted.add(mark);
      return (original as (...a: unknown[]) => unknown).apply(target, args);
    };
  }
}
const TAINTS = ['addInitScript', 'exposeBinding', 'exposeFunction', 'setExtraHTTPHeaders'];
const CONTEXT_TAINTS = [...TAINTS, 'setGeolocation', 'setHTTPCredentials', 'setOffline'];

/**
 * A context for the console with nothing of an earlier test in it but the browser's caches: one page,
 * no cookies, no permissions, no routes. `parked`: the page is on the lane's server already (a
 * same-origin file; its storages are the caller's to clear). Its `close()` returns it to the pool:
 * its other pages closed, its cookies, permissions and routes removed, its page's listeners, routes,
 * emulated media and viewport put back and the page parked. A context or page given init scripts,
 * bindings, extra headers, a location, credentials, offline mode or a fake clock is closed instead
 * (none of that can be taken back). Listeners a test adds to the context itself stay: tests add
 * theirs to pages. A test that fails before closing its context leaves it to the file's close().
 */
export async function consoleContext(
  browser: Browser,
): Promise<{ context: BrowserContext; page: Page; parked: boolean }> {
  const view = views.get(browser);
  if (!view) throw new Error('consoleContext: a browser from openBrowser() is needed');
  const reused = (lane.e2eIdleConsoles ??= []).pop();
  const context = reused?.context ?? (await pooledContext(view));
  sinks.set(context, view.errors);
  view.contexts.add(context);
  holder.set(context, view);
  const page = reused?.page ?? (await context.newPage());
  taintOn(page, TAINTS, page);
  kept.set(context, page);
  return { context, page, parked: !!reused?.page };
}

async function pooledContext(view: FileView): Promise<BrowserContext> {
  const context = await view.newContext(CONSOLE_CONTEXT);
  const close = context.close.bind(context);
  realClose.set(context, () => close());
  taintOn(context, CONTEXT_TAINTS, context);
  // page.clock is its context's clock.
  taintOn(context.clock, ['install'], context);
  context.close = () => release(context);
  return context;
}

async function release(context: BrowserContext): Promise<void> {
  holder.get(context)?.contexts.delete(context);
  holder.delete(context);
  if (tainted.has(context)) return closeForGood(context);
  try {
    await empty(context);
  } catch {
    // A context that cannot be emptied (its server gone, a page that does not answer) is not reused.
    await closeForGood(context).catch(() => undefined);
    return;
  }
  lane.e2eIdleConsoles!.push({ context, page: kept.get(context) });
}

/** Takes back what a test left in a pooled context (see consoleContext); its page stays unless tainted. */
async function empty(context: BrowserContext): Promise<void> {
  const page = kept.get(context);
  const keep = page && !page.isClosed() && !tainted.has(page) ? page : undefined;
  await Promise.all(
    context
      .pages()
      .filter((p) => p !== keep)
      .map((p) => p.close()),
  );
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await context.clearCookies();
  await context.clearPermissions();
  if (keep) {
    keep.removeAllListeners();
    await keep.unrouteAll({ behavior: 'ignoreErrors' });
    await keep.emulateMedia({ media: null, colorScheme: 'light', reducedMotion: 'reduce' });
    const size = keep.viewportSize();
    if (size?.width !== CONSOLE_CONTEXT.viewport.width || size.height !== CONSOLE_CONTEXT.viewport.height)
      await keep.setViewportSize(CONSOLE_CONTEXT.viewport);
    await keep.goto(parking());
  } else kept.delete(context);
}

/**
 * A download's bytes. Over a connection the file stays on the browser's side (`download.path()` is
 * refused there), so it is read through Playwright's stream.
 */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
