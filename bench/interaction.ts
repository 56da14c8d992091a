import { openFixture } from './lib/fixture-page';
import type { Figure } from './lib/report';

/**
 * Issue 7, benchmark 3: at 500 rows of the schema ListPage, the Event Timing duration (input to the
 * next paint, PerformanceObserver 'event', Chromium's 16 ms floor) of selecting one row, selecting all
 * and typing in a search field. Real input through Chromium (mouse clicks and key presses).
 */
type Bench = {
  bench: {
    render(i: string, n: number): Promise<unknown>;
    takeEvents(): Promise<{ name: string; duration: number }[]>;
  };
};

/** The longest duration per event type, longest first, at most four: 'click 368, pointerup 368'. */
function summary(entries: { name: string; duration: number }[]): string {
  const byName = new Map<string, number>();
  for (const e of entries) byName.set(e.name, Math.max(byName.get(e.name) ?? 0, e.duration));
  return [...byName]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([name, ms]) => `${name} ${ms}`)
    .join(', ');
}

export async function benchInteraction(): Promise<Figure[]> {
  const f = await openFixture();
  const { page } = f;
  const take = () => page.evaluate(() => (window as unknown as Bench).bench.takeEvents());
  const longest = (entries: { name: string; duration: number }[]) =>
    entries.reduce((m, e) => Math.max(m, e.duration), 0);
  try {
    await page.evaluate(() => (window as unknown as Bench).bench.render('schema', 500));
    await take();
    const figures: Figure[] = [];
    const record = (metric: string, entries: { name: string; duration: number }[]) => {
      const value = longest(entries);
      figures.push({
        bench: 'interaction',
        metric: `500 rows: ${metric}`,
        value,
        unit: 'ms',
        target: '≤ 50 ms',
        met: value <= 50,
        note: entries.length ? summary(entries) : 'no event over 16 ms',
      });
    };
    await page.locator('#stage .ant-table-row .ant-checkbox-input').first().click();
    record('select one row', await take());
    await page.locator('#stage .ant-table-thead .ant-checkbox-input').first().click();
    record('select all', await take());
    const search = page
      .locator('#stage .fr-card input[type="text"], #stage .fr-card input:not([type])')
      .first();
    await search.click();
    await take();
    await search.pressSequentially('JH2026', { delay: 50 });
    record('type in a search field (6 keys, longest)', await take());
    return figures;
  } finally {
    await f.close();
  }
}
