import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { configureRequest, resetRequestState, setRequestUi } from '@/runtime/request';
import { RecordingUi } from './recording-ui';
import { type BrowserStandIns, installBrowserStandIns } from './stand-ins';
import { TestServer } from './test-server';

export interface Harness {
  server: TestServer;
  ui: RecordingUi;
  browser: BrowserStandIns;
}

/**
 * Per test file: one real HTTP server, the browser stand-ins and a recording UI adapter; per test: a
 * clean slate (storages, recorded UI, seen requests, the request layer's memo and latches).
 */
export function useRequestHarness(): Harness {
  const harness = {} as Harness;
  beforeAll(async () => {
    harness.server = new TestServer();
    configureRequest({ baseUrl: await harness.server.start() });
    harness.browser = installBrowserStandIns();
    harness.ui = new RecordingUi();
    setRequestUi(harness.ui);
  });
  beforeEach(() => {
    harness.browser.localStorage.clear();
    harness.browser.sessionStorage.clear();
    harness.browser.jar.values.clear();
    harness.ui.clear();
    harness.server.seen.length = 0;
    resetRequestState();
  });
  afterEach(() => {
    harness.server.routes.forEach((_, path) => {
      if (path.startsWith('/api/t/')) harness.server.routes.delete(path);
    });
  });
  afterAll(async () => {
    harness.browser.uninstall();
    configureRequest({ baseUrl: '' });
    await harness.server.stop();
  });
  return harness;
}
