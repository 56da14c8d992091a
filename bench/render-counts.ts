import { openFixture } from './lib/fixture-page';

/**
 * `npx tsx bench/render-counts.ts`: how many components React renders (calls) for a tick of one row,
 * select all, and scrolling the 500-row schema ListPage to the end and back. Deterministic, unlike
 * timings on a loaded machine: a fiber counts when React performed work on it in that commit (the
 * PerformedWork flag on a fiber object that was not already in its root's previous committed tree).
 */
type Counts = Record<string, number>;
type Win = {
  bench: { render(i: string, n: number): Promise<unknown>; scroll(): Promise<unknown> };
  renderCounts: { take(): Counts };
};

// Plain script text: tsx would wrap a function's inner functions in helpers the page does not have.
const HOOK = `(() => {
  let counts = {};
  // Per root: antd's wave effect renders into roots of its own.
  const previous = new WeakMap();
  const nameOf = (f) => {
    const t = f.type;
    if (!t || typeof t === 'string') return null;
    return t.displayName || t.name || (t.render && t.render.name) || (t.type && t.type.name) || 'anonymous';
  };
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    onScheduleFiberRoot() {},
    onPostCommitFiberRoot() {},
    onCommitFiberUnmount() {},
    checkDCE() {},
    onCommitFiberRoot(_id, root) {
      const seen = new WeakSet();
      const stack = [root.current];
      while (stack.length) {
        const f = stack.pop();
        seen.add(f);
        // PerformedWork = 1; function, class, forwardRef and memo components only
        if (f.flags & 1 && !(previous.get(root) && previous.get(root).has(f)) && [0, 1, 11, 14, 15].includes(f.tag)) {
          const n = nameOf(f);
          if (n) counts[n] = (counts[n] || 0) + 1;
        }
        if (f.child) stack.push(f.child);
        if (f.sibling) stack.push(f.sibling);
      }
      previous.set(root, seen);
    },
  };
  window.renderCounts = { take() { const c = counts; counts = {}; return c; } };
})();`;

const f = await openFixture({ minify: false, init: HOOK });
const { page } = f;
const take = () => page.evaluate(() => (window as unknown as Win).renderCounts.take());
const show = (label: string, c: Counts) => {
  const total = Object.values(c).reduce((a, b) => a + b, 0);
  const top = Object.entries(c)
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(process.env.TOP ?? 12))
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  const ours = [
    'ListPageBody',
    'ListTable',
    'BatchBar',
    'Table',
    'SelectableRow',
    'RowCheckbox',
    'HeaderCheckbox',
  ]
    .map((k) => `${k} ${c[k] ?? 0}`)
    .join(', ');
  console.log(`${label}: ${total} renders (${top}) [${ours}]`);
};
try {
  await page.evaluate(() => (window as unknown as Win).bench.render('schema', 500));
  await page.waitForTimeout(500);
  show('mount', await take());
  await page.locator('#stage .ant-table-row .ant-checkbox-input').first().click();
  await page.waitForTimeout(1000);
  show('select one row', await take());
  await page.locator('#stage .ant-table-row .ant-checkbox-input').nth(2).click();
  await page.waitForTimeout(1000);
  show('select a second row', await take());
  await page.locator('#stage .ant-table-thead .ant-checkbox-input').first().click();
  await page.waitForTimeout(1000);
  show('select all', await take());
  await page.locator('#stage .ant-table-thead .ant-checkbox-input').first().click();
  await page.waitForTimeout(1000);
  show('clear all', await take());
  await page.evaluate(() => (window as unknown as Win).bench.scroll());
  await page.waitForTimeout(1000);
  show('scroll to the end and back', await take());
} finally {
  await f.close();
}
