import pg from 'pg';

/** A new database is created and seeded at the server's first start: minutes on a busy machine. */
export const START_TIMEOUT_MS = 600_000;

/**
 * Runs `fn` on a new database created through `adminUrl` (a role that may create databases), and
 * drops it afterwards, also on failure. BENCH_KEEP_DATABASE=1 keeps it (its URL is printed).
 */
export async function withBenchDatabase<T>(
  adminUrl: string,
  label: string,
  fn: (url: string) => Promise<T>,
): Promise<T> {
  const name = `fresh_bench_${label}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    return await fn(url.toString());
  } finally {
    if (process.env.BENCH_KEEP_DATABASE === '1') console.log(`   kept ${url.toString()}`);
    else await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
