import { describe, expect, it } from 'vitest';
import {
  CHUNK_TIMEOUT_MS,
  ChunkTimeoutError,
  installChunkErrorHandler,
  isChunkLoadError,
  NEW_VERSION_TEXT,
  reportChunkError,
  withChunkTimeout,
} from '@/runtime/chunk';

// SPEC 8, 9: chunk-load failure dialog and the 120 s lazy-chunk timeout.
describe('chunk-load failures', () => {
  it('recognises the failures of a lazy import in each browser, not errors thrown by modules', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/a.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: /assets/a.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true);
    expect(isChunkLoadError(new ChunkTimeoutError('admin'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });

  it('the texts and the timeout', () => {
    expect(NEW_VERSION_TEXT).toBe('新版本已发布，是否立即刷新以更新？');
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
  });

  it('withChunkTimeout passes results and errors through, and gives up after the timeout', async () => {
    await expect(withChunkTimeout(async () => 7, 'x', 50)).resolves.toBe(7);
    await expect(withChunkTimeout(() => Promise.reject(new Error('boom')), 'x', 50)).rejects.toThrow('boom');
    const never = new Promise<never>(() => undefined);
    await expect(withChunkTimeout(() => never, 'admin', 20)).rejects.toBeInstanceOf(ChunkTimeoutError);
  });

  it('reacts to vite:preloadError, reported failures and unhandled chunk rejections only; uninstalls', () => {
    const target = new EventTarget();
    const seen: unknown[] = [];
    const uninstall = installChunkErrorHandler(target as unknown as Window, (e) => seen.push(e));
    const preload = Object.assign(new Event('vite:preloadError', { cancelable: true }), { payload: 'p' });
    target.dispatchEvent(preload);
    // Vite goes on to rethrow, so the page's error boundary shows its fallback behind the dialog.
    expect(preload.defaultPrevented).toBe(false);
    reportChunkError('from a boundary', target);
    const rejection = (reason: unknown) =>
      Object.assign(new Event('unhandledrejection', { cancelable: true }), { reason });
    target.dispatchEvent(rejection(new TypeError('Failed to fetch dynamically imported module: /x.js')));
    const other = rejection(new Error('unrelated'));
    target.dispatchEvent(other);
    expect(other.defaultPrevented).toBe(false);
    expect(seen).toEqual(['p', 'from a boundary', expect.any(TypeError)]);
    uninstall();
    target.dispatchEvent(preload);
    expect(seen).toHaveLength(3);
  });
});
