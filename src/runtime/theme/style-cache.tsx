import { createCache, StyleProvider } from '@ant-design/cssinjs';
import type { ReactNode } from 'react';
import { lightAntdResets } from './antd-resets';
import './antd-resets.css';

type Cache = ReturnType<typeof createCache>;

/**
 * antd's style cache, made to keep what it built. antd counts the mounted users of each generated
 * style (a component's rules for a theme, the theme's tokens) and drops the entry when the count
 * reaches zero; the <style> element stays in the page, but the next mount of that component builds
 * its rules again: token merge, style objects, stylis, hashing. In the console that happens at every
 * page switch (a page's components unmount with it, and the next page mounts the same ones), and it
 * was a large part of a list page's mount (session 23, docs/decisions.md "antd's styles are kept").
 * Here an entry whose count reaches zero stays, counted at zero, and the next mount reuses it. The
 * entries are bounded by the components and themes the console has (two themes), so nothing grows
 * with use.
 */
export function createKeptStyleCache(): Cache {
  const cache = createCache();
  const update = cache.opUpdate.bind(cache);
  cache.opUpdate = (key, valueFn) =>
    update(key, (previous) => {
      const next = valueFn(previous);
      return next === null && previous ? [0, previous[1]] : next;
    });
  return cache;
}

/** One cache for the page: the host and the sub-apps it mounts build each style once between them. */
const keptStyleCache = createKeptStyleCache();

/** The same transformers for every provider: the cache holds what they made. */
const transformers = [lightAntdResets];

/** antd's styles for everything inside, from the kept cache, with its resets made cheap (antd-resets.ts). */
export function KeptStyles({ children }: { children: ReactNode }) {
  return (
    <StyleProvider cache={keptStyleCache} transformers={transformers}>
      {children}
    </StyleProvider>
  );
}
