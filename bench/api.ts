import http from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import pg from 'pg';
import { startServer } from '../tests/fixtures/server-process';
import { type Figure, ratioFigure } from './lib/report';
import { signIn } from './lib/session';

/**
 * Issue 7, benchmark 5: requests per second and p99 latency of a 200-row list endpoint (pick orders)
 * at c = 10 and c = 100, on PGlite and on PostgreSQL, against a raw node:http server answering the
 * same pre-built JSON, measured in the same run.
 */
const LIST = '/gateApi/storageAdmin/pickOrder/web/queryPickOrderList';
const BODY = JSON.stringify({ pageNo: 1, pageSize: 200 });
const DURATION = Number(process.env.BENCH_API_SECONDS || 5);

interface Load {
  rps: number;
  p99: number;
}

async function load(url: string, connections: number, headers: Record<string, string>): Promise<Load> {
  const result = await autocannon({
    url: `${url}${LIST}`,
    method: 'POST',
    connections,
    duration: DURATION,
    headers: { 'content-type': 'application/json', ...headers },
    body: BODY,
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`list endpoint failed under load: ${result.non2xx} non-2xx, ${result.errors} errors`);
  }
  return { rps: result.requests.average, p99: result.latency.p99 };
}

async function rawServer(body: Buffer): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': body.length,
      });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function measureDatabase(kind: string, env: Record<string, string>): Promise<Figure[]> {
  const server = await startServer({ env });
  try {
    const session = await signIn(server.url);
    const sample = await fetch(`${server.url}${LIST}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...session.headers() },
      body: BODY,
    });
    const bytes = Buffer.from(await sample.arrayBuffer());
    const rows = JSON.parse(bytes.toString()).data.list.length;
    if (rows !== 200) throw new Error(`expected 200 rows, got ${rows}`);
    const raw = await rawServer(bytes);
    const figures: Figure[] = [];
    try {
      for (const c of [10, 100]) {
        const reference = await load(raw.url, c, {});
        const measured = await load(server.url, c, session.headers());
        figures.push(
          ratioFigure({
            bench: 'api',
            metric: `${kind} 200-row list, c=${c}: requests/s`,
            value: measured.rps,
            unit: 'req/s',
            reference: reference.rps,
            referenceName: 'raw node:http',
            target: kind === 'PostgreSQL' ? '≥ 0.4× raw' : undefined,
          }),
        );
        const rpsFigure = figures[figures.length - 1]!;
        if (rpsFigure.target) rpsFigure.met = (rpsFigure.ratio ?? 0) >= 0.4;
        figures.push(
          ratioFigure({
            bench: 'api',
            metric: `${kind} 200-row list, c=${c}: p99 latency`,
            value: measured.p99,
            unit: 'ms',
            reference: reference.p99,
            referenceName: 'raw node:http',
            target: c === 10 ? '≤ 20 ms' : undefined,
            met: c === 10 ? measured.p99 <= 20 : undefined,
          }),
        );
      }
    } finally {
      await raw.close();
    }
    return figures;
  } finally {
    await server.stop();
  }
}

export async function benchApi(): Promise<Figure[]> {
  const figures = await measureDatabase('PGlite', {});
  const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    figures.push({
      bench: 'api',
      metric: 'PostgreSQL',
      value: Number.NaN,
      unit: '',
      note: 'skipped: set TEST_DATABASE_URL',
    });
    return figures;
  }
  const name = `fresh_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    figures.push(...(await measureDatabase('PostgreSQL', { DATABASE_URL: url.toString(), DEMO: '1' })));
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  return figures;
}
