import { median, openFixture } from './lib/fixture-page';
import { type Figure, ratioFigure } from './lib/report';

/**
 * Issue 7, benchmark 4: a 200-field form (text, number and select in turn, a quarter required): mount
 * to the painted frame, and keystroke latency (keydown to the frame after the next paint, median of
 * 20 keys typed into the 100th field), the renderer's SchemaForm against a plain antd Form.
 */
type Bench = { bench: { mountForm(i: string): Promise<number>; takeKeys(): Promise<number[]> } };
const RUNS = 3;

async function measure(f: Awaited<ReturnType<typeof openFixture>>, impl: 'schema' | 'antd') {
  const mount = () => f.page.evaluate((i) => (window as unknown as Bench).bench.mountForm(i), impl);
  await mount(); // warm-up
  const mounts: number[] = [];
  for (let i = 0; i < RUNS; i++) mounts.push(await mount());
  const input = f.page.locator('#stage input').nth(99);
  await input.scrollIntoViewIfNeeded();
  await input.click();
  await f.page.evaluate(() => (window as unknown as Bench).bench.takeKeys());
  await input.pressSequentially('abcdefghij0123456789', { delay: 40 });
  const keys = await f.page.evaluate(() => (window as unknown as Bench).bench.takeKeys());
  return { mount: median(mounts), key: median(keys) };
}

export async function benchForm(): Promise<Figure[]> {
  const f = await openFixture();
  try {
    const schema = await measure(f, 'schema');
    const antd = await measure(f, 'antd');
    const common = { bench: 'form', unit: 'ms', referenceName: 'antd Form', target: '≤ 1.5×' };
    return [
      ratioFigure({
        ...common,
        metric: '200-field SchemaForm: mount to painted',
        value: schema.mount,
        reference: antd.mount,
        met: schema.mount <= 1.5 * antd.mount,
      }),
      ratioFigure({
        ...common,
        metric: '200-field SchemaForm: keystroke to next frame (median of 20)',
        value: schema.key,
        reference: antd.key,
        met: schema.key <= 1.5 * antd.key,
      }),
    ];
  } finally {
    await f.close();
  }
}
