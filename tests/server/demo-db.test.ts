import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/index';
import { type ServerProcess, startServer } from '../fixtures/server-process';

/** What a stopped server left in its DATA_DIR: the stamp's time, the demo accounts, the signing secret. */
async function inspect(dataDir: string) {
  const opened = await openDatabase({ dataDir: path.join(dataDir, 'pgdata') });
  try {
    const stamp = await opened.db.selectFrom('schemaStamp').select('appliedAt').executeTakeFirst();
    const users = await opened.db
      .selectFrom('appUser')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const secret = fs.readFileSync(path.join(dataDir, 'keys/sign-secret'), 'utf8');
    return { appliedAt: stamp?.appliedAt.getTime(), users: Number(users.n), secret };
  } finally {
    await opened.close();
  }
}

// Issue 21.5: a new DATA_DIR in demo mode starts from the demo database the first start of the same
// code, schema files and seed day prepared (server/db/demo-db.ts), with keys of its own; never in
// production. Starts the bundle as `npm start` does; the PostgreSQL run has no DATA_DIR database.
describe.skipIf(process.env.TEST_DB === 'postgres')('the prepared demo database', () => {
  let server: ServerProcess | undefined;
  const dirs: string[] = [];
  const fresh = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fresh-demo-db-'));
    dirs.push(dir);
    return dir;
  };
  const startAndStop = async (env: Record<string, string> = {}) => {
    server = await startServer({ dataDir: fresh(), env });
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    expect(await server.stop()).toBe(0);
    server = undefined;
    return inspect(dirs.at(-1)!);
  };
  afterAll(async () => {
    await server?.stop();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is restored by a later first start, with keys made for that DATA_DIR, and never in production', async () => {
    // Whether or not one was prepared before this test, there is one after a first start.
    const first = await startAndStop();
    const kept = fs.readdirSync(path.resolve('dist-server/demo-db'));
    expect(kept.some((f) => f.startsWith('2026-11-20-') && f.endsWith('.tar'))).toBe(true);

    const second = await startAndStop();
    const third = await startAndStop();
    // Restored, not seeded again: the same stamp, made when the prepared database was seeded.
    expect(third.appliedAt).toBeDefined();
    expect(third.appliedAt).toBe(second.appliedAt);
    expect(second.users).toBe(first.users);
    expect(first.users).toBeGreaterThan(0);
    // The keys are not part of it.
    expect(new Set([first.secret, second.secret, third.secret]).size).toBe(3);

    // Production seeds no demo data and restores none.
    const production = await startAndStop({ NODE_ENV: 'production' });
    expect(production.users).toBe(0);
  }, 900_000);
});
