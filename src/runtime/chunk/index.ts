import { zhCN } from '@/i18n/zh-CN';

/**
 * Chunk-load failures (SPEC 8, 9): after a new release the old hashed chunks are gone, so a lazy import
 * fails; the user is asked to reload. Lazy imports give up after 120 s.
 */
export const CHUNK_TIMEOUT_MS = 120_000;

/** SPEC 8's question in Chinese; shown in the language in effect (errors.newVersion). */
export const NEW_VERSION_TEXT = zhCN.errors.newVersion;

/** Thrown when a lazy import takes longer than the chunk timeout. */
export class ChunkTimeoutError extends Error {
  override readonly name = 'ChunkLoadError';
  constructor(what: string) {
    super(`Loading chunk ${what} timed out`);
  }
}

// The texts browsers and Vite use for a module or stylesheet that could not be fetched.
const CHUNK_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading chunk .* (failed|timed out)|Failed to load module script/i;

/** True for the errors of a failed lazy import (any browser), not for errors thrown by the module. */
export function isChunkLoadError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  if (name === 'ChunkLoadError') return true;
  return typeof message === 'string' && CHUNK_FAILURE.test(message);
}

/** A lazy import that fails with ChunkTimeoutError when it takes longer than `ms`. */
export function withChunkTimeout<T>(load: () => Promise<T>, what = '', ms = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkTimeoutError(what)), ms);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** The window event a page reports a chunk failure with (a sub-app's error boundary, in another bundle). */
export const CHUNK_ERROR_EVENT = 'fresh:chunk-error';

export function reportChunkError(error: unknown, target: EventTarget = window): void {
  target.dispatchEvent(Object.assign(new Event(CHUNK_ERROR_EVENT), { payload: error }));
}

const payloadOf = (event: Event) => (event as Event & { payload?: unknown }).payload ?? event;

/**
 * Listens for chunk failures: Vite's `vite:preloadError` (a lazy chunk or one of its dependencies
 * failed; Vite still rethrows, so error boundaries show their fallback), failures reported by error
 * boundaries, and unhandled rejections of dynamic imports. Returns the uninstaller.
 */
export function installChunkErrorHandler(target: Window, onChunkError: (error: unknown) => void): () => void {
  const onPreload = (event: Event) => onChunkError(payloadOf(event));
  const onRejection = (event: PromiseRejectionEvent) => {
    if (!isChunkLoadError(event.reason)) return;
    event.preventDefault();
    onChunkError(event.reason);
  };
  target.addEventListener('vite:preloadError', onPreload);
  target.addEventListener(CHUNK_ERROR_EVENT, onPreload);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('vite:preloadError', onPreload);
    target.removeEventListener(CHUNK_ERROR_EVENT, onPreload);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
