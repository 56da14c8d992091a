import type { Page, Request } from 'playwright-core';

/**
 * The requests a tab has in flight, counted from its events: Playwright's 'networkidle' is a state of
 * a document's load, so it says nothing about a page opened later in the same document (the QA run
 * goes from page to page without reloading). `idle` resolves once nothing has been in flight for
 * `quietMs` (Playwright's networkidle waits 500 ms too).
 */
export function watchNetwork(page: Page) {
  const inFlight = new Set<Request>();
  let changed = Date.now();
  const start = (request: Request) => {
    inFlight.add(request);
    changed = Date.now();
  };
  const end = (request: Request) => {
    inFlight.delete(request);
    changed = Date.now();
  };
  page.on('request', start);
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  return {
    async idle(quietMs = 500, timeoutMs = 60_000): Promise<void> {
      const until = Date.now() + timeoutMs;
      while (inFlight.size > 0 || Date.now() - changed < quietMs) {
        if (Date.now() > until) {
          const urls = [...inFlight].map((r) => r.url()).join(', ');
          throw new Error(`the network did not go quiet in ${timeoutMs} ms (in flight: ${urls || 'none'})`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}
