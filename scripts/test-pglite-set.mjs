// The server test files that also run on PGlite when the run has PostgreSQL (TEST_DATABASE_URL):
// scripts/test.mjs. Without PostgreSQL every file runs on PGlite. Why a set and not the whole suite
// twice (docs/decisions.md "The test run: one database per resource test"): both are PostgreSQL, the
// resources' SQL is the same text on both; what differs is the driver and the process around it
// (type parsing, one in-process connection that serialises transactions, a data directory that
// is copied, stamped and restored). These files exercise exactly that; the browser tests and the QA
// snapshots then drive every page on a PGlite server.
export const PGLITE_SET = [
  // The data directory: the prepared demo database, the schema stamp, two servers and a restart.
  'tests/server/demo-db.test.ts',
  'tests/server/schema-stamp.test.ts',
  'tests/server/two-instances.test.ts',
  'tests/server/shutdown.test.ts',
  'tests/server/seed-dates.test.ts',
  'tests/server/seed-documents.test.ts',
  // One connection: concurrent writes, jobs taken once, a schedule pass that yields to requests.
  'tests/server/idempotency.test.ts',
  'tests/server/jobs.test.ts',
  'tests/server/schedule-pass-yields.test.ts',
  'tests/server/stock.test.ts',
  // The engine's SQL and what the driver returns: lists, counts, writes, transitions, totals.
  'tests/server/resource-list.test.ts',
  'tests/server/resource-write.test.ts',
  'tests/server/resource-transition.test.ts',
  'tests/server/resource-owned-table.test.ts',
  // Not resource-json-only.test.ts: most of its time is the schema lint, whose database is an in-memory
  // PGlite whichever database the suite runs on, so the PostgreSQL run does the same work; a resource
  // added as JSON only is driven on a PGlite server by tests/e2e/entity-json-only.test.ts.
  'tests/server/list-counts.test.ts',
  'tests/server/aggregates.test.ts',
  'tests/server/session.test.ts',
  // A whole business loop end to end.
  'tests/server/supply-loop.test.ts',
];
