import type { Browser, Download } from 'playwright-core';
import { inject } from 'vitest';
import { connectBrowser } from '../fixtures/browser';

/**
 * This file's browser: a connection of its own to the run's one Chromium, started by
 * tests/fixtures/e2e-global-setup.ts. Its contexts and pages go with it when the file closes it.
 */
export function openBrowser(): Promise<Browser> {
  return connectBrowser(inject('browserWs'));
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
