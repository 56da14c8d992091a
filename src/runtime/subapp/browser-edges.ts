import type { LoaderEdges } from './loader';

/**
 * The loader's edges in a browser. config.json and map.json are not content-hashed, so they are always
 * revalidated (the static server marks everything under /subapps/ immutable).
 */
export const browserLoaderEdges: LoaderEdges = {
  async fetchJson(url) {
    try {
      const response = await fetch(url, { cache: 'no-cache', credentials: 'same-origin' });
      if (!response.ok) return undefined;
      return await response.json();
    } catch {
      return undefined;
    }
  },
  importModule: (url) => import(/* @vite-ignore */ url),
  loadCss(url) {
    const existing = document.querySelector(`link[data-subapp-css="${CSS.escape(url)}"]`);
    if (existing) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = url;
      link.dataset.subappCss = url;
      link.onload = () => resolve();
      // Same wording as Vite's own preload failure, so the chunk-failure dialog recognises it.
      link.onerror = () => reject(new Error(`Unable to preload CSS for ${url}`));
      document.head.appendChild(link);
    });
  },
};
