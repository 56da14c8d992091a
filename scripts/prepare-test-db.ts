import fs from 'node:fs';
// @ts-expect-error plain ESM script without types
import { buildIfStale } from './build-if-stale.mjs';
import { startServer } from '../tests/fixtures/server-process';

/**
 * `npm test`'s first step (scripts/test.mjs): the front end and the server built, and one first start
 * of the server on a new DATA_DIR with the tests' seed day, which leaves the prepared demo database
 * (server/db/demo-db.ts). Every PGlite database of the run then starts from it: the server suite's
 * template (tests/fixtures/server-global-setup.ts), and the servers of the server tests, the QA
 * snapshots and the browser tests. Without it each of them seeded on its own when it came first, side
 * by side on two cores.
 */
buildIfStale({ quiet: true });
const server = await startServer();
const code = await server.stop();
fs.rmSync(server.dataDir, { recursive: true, force: true });
if (code !== 0) throw new Error(`the first start exited with ${code}`);
console.log('the prepared demo database is there (dist-server/demo-db/)');
