import { execFileSync } from 'node:child_process';
import autocannon from 'autocannon';
import { startServer } from '../tests/fixtures/server-process';
import { type Figure, ratioFigure } from './lib/report';
import { signIn } from './lib/session';

/** Issue 7, benchmark 7 (server half): resident memory after 10,000 list requests vs after start-up. */
const rssMb = (pid: number) =>
  Number(
    execFileSync('ps', ['-o', 'rss=', '-p', String(pid)])
      .toString()
      .trim(),
  ) / 1024;

export async function benchServerMemory(): Promise<Figure[]> {
  const server = await startServer();
  try {
    const session = await signIn(server.url);
    const run = (amount: number) =>
      autocannon({
        url: `${server.url}/gateApi/storageAdmin/pickOrder/web/queryPickOrderList`,
        method: 'POST',
        connections: 10,
        amount,
        headers: { 'content-type': 'application/json', ...session.headers() },
        body: JSON.stringify({ pageNo: 1, pageSize: 20 }),
      });
    await run(200); // warm-up: JIT, caches, pools
    const before = rssMb(server.child.pid!);
    const result = await run(10_000);
    if (result.non2xx || result.errors) throw new Error('list requests failed during the memory run');
    const after = rssMb(server.child.pid!);
    return [
      ratioFigure({
        bench: 'memory',
        metric: 'server RSS after 10,000 list requests',
        value: after,
        unit: 'MB',
        reference: before,
        referenceName: 'after 200 warm-up requests',
        target: '≤ 1.1× warm-up',
        met: after <= before * 1.1,
      }),
    ];
  } finally {
    await server.stop();
  }
}
