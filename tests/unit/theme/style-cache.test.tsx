// @vitest-environment jsdom
import { createCache, StyleProvider } from '@ant-design/cssinjs';
import { Button, Checkbox } from 'antd';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { actEnvironment } from './act-environment';
import { createKeptStyleCache } from '@/runtime/theme/style-cache';

// Session 23 (issue 21): antd builds a component's styles again whenever it mounts after its last
// instance unmounted, which in the console is every page switch. The kept cache holds them.
type Cache = ReturnType<typeof createCache>;

actEnvironment();

/** Mounts a button and a checkbox with `cache`, then unmounts them: a page shown, then left. */
function showAndLeave(cache: Cache): void {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  act(() =>
    root.render(
      <StyleProvider cache={cache}>
        <Button>确定</Button>
        <Checkbox />
      </StyleProvider>,
    ),
  );
  act(() => root.unmount());
  container.remove();
}

const styleEntries = (cache: Cache) => [...cache.cache].filter(([key]) => key.startsWith('style%'));

describe('the kept style cache', () => {
  it("antd's own cache drops a component's styles when its last instance unmounts", () => {
    // What the kept cache is for: if antd stops doing this, the kept cache is no longer needed.
    const cache = createCache();
    showAndLeave(cache);
    expect(styleEntries(cache)).toEqual([]);
  });

  it('keeps them, counted at zero, and the next mount reuses what was built', () => {
    const cache = createKeptStyleCache();
    showAndLeave(cache);
    const kept = new Map(styleEntries(cache));
    expect(kept.size).toBeGreaterThan(0);
    for (const [times] of kept.values()) expect(times).toBe(0);

    showAndLeave(cache);
    const again = new Map(styleEntries(cache));
    expect([...again.keys()]).toEqual([...kept.keys()]);
    // The very objects built the first time: nothing was generated again.
    for (const [key, [, built]] of again) expect(built).toBe(kept.get(key)![1]);
  });
});
