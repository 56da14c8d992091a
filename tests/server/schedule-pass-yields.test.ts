import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { runSchedulePass } from '../../server/services/schedules';

const YEAR = 365 * 24 * 3600_000;

// Issue 21.5: a schedule pass with a backlog (a database started after a long time off: here a pass as
// of two years on, when every coupon, contract and campaign is due) lets requests through meanwhile.
// On PGlite each statement runs synchronously and settles as a microtask: without a turn of the event
// loop between rows, a request arriving on the socket waited for the whole pass.
describe('a schedule pass with a backlog', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp();
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('answers a request arriving during the pass before the pass ends', async () => {
    const engine = t.engine();
    let passEnded = 0;
    const pass = runSchedulePass(engine, new Date(Date.now() + 2 * YEAR)).then((r) => {
      passEnded = performance.now();
      return r;
    });
    // Let the pass begin, then ask.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const res = await fetch(`${url}/api/health`);
    const answered = performance.now();
    expect(res.status).toBe(200);
    const { ran } = await pass;
    expect(ran).toBeGreaterThan(100);
    expect(passEnded).toBeGreaterThan(answered);
  });
});
