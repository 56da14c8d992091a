import { buildApp } from './app';
import { loadConfig } from './config';
import { prepareDatabase } from './db/prepare';
import { DEMO_PASSWORD, seedAccounts } from './db/seed/accounts';
import { loadKeysAsync } from './security/keys';
import path from 'node:path';
import { rememberSchemaChecks } from '../src/schema/node/files';
import { bundleFile, bundleVersion } from './db/stamp';

/**
 * `npm start`: migrate, seed (demo mode), serve the API and the built front end on one origin.
 * SIGTERM/SIGINT drain in-flight requests, then close the database, so no acknowledged write is lost
 * (tests/server/shutdown.test.ts).
 */
async function main() {
  const config = loadConfig();
  if (config.production && config.demo) {
    throw new Error('DEMO=1 is not allowed with NODE_ENV=production: demo accounts are never seeded there');
  }
  // Run from the bundle, a start skips the work done before with the same code and schema files: the
  // meta-schema checks (dist-server/schema-checks/), applySchemas (schema_stamp), seeding a new DATA_DIR
  // (dist-server/demo-db/). docs/decisions.md "First and warm start".
  const code = bundleVersion();
  if (code) rememberSchemaChecks(path.join(path.dirname(bundleFile()!), 'schema-checks'), code);
  // A new DATA_DIR's key pair is made while the database is prepared.
  const [keys, database] = await Promise.all([loadKeysAsync(config.dataDir), prepareDatabase(config, code)]);
  const app = await buildApp({ config, db: database.db, keys });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining requests');
    try {
      await app.close();
    } finally {
      await database.close();
    }
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const url = `http://${config.host}:${config.port}`;
  const lines = [
    '',
    `  Fresh console is running at ${url}/login`,
    `  Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`}`,
  ];
  if (config.demo) {
    lines.push(`  Demo accounts (password ${DEMO_PASSWORD}):`);
    for (const a of seedAccounts)
      lines.push(`    ${a.account.padEnd(8)} ${a.phone ?? '(no phone)'}  ${a.positionName}`);
    lines.push(`  Demo SMS outbox (codes are not sent anywhere): ${url}/dev/sms`);
  }
  console.log(lines.join('\n'));
  // Machine-readable line for scripts and tests that start the server on port 0.
  const address = app.server.address();
  if (address && typeof address === 'object') console.log(`LISTENING ${address.port}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
