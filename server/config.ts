import path from 'node:path';

/**
 * Everything the server reads from the environment, parsed once.
 * README.md lists these variables; docs/operations.md explains them.
 */
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL connection string; when absent the embedded PGlite under dataDir is used. */
  databaseUrl: string | undefined;
  production: boolean;
  /** Demo mode seeds demo accounts and exposes the SMS outbox and the local messaging-app authorize page. */
  demo: boolean;
  /** Session idle timeout, minutes. */
  sessionIdleMinutes: number;
  /** Session absolute lifetime, hours. */
  sessionMaxHours: number;
  /** Allowed clock skew for request signatures, milliseconds (both directions). */
  signatureSkewMs: number;
  logLevel: string;
  /** Directory of the built front end (vite build output). */
  distDir: string;
  /** Tests only: no per-address rate limits for loopback callers. Ignored in production. */
  rateLimitExemptLoopback: boolean;
  /**
   * The reminder worker (server/services/reminders-worker.ts): on unless REMINDERS=0; off by default under
   * NODE_ENV=test, whose data is seeded around a pinned day while the clock moves (REMINDERS=1 turns it on).
   */
  reminders: boolean;
  /**
   * The scheduled transitions (server/services/schedules.ts, e.g. stocktakes past their deadline): on
   * unless SCHEDULES=0; off by default under NODE_ENV=test (tests run a pass with their own clock).
   */
  schedules: boolean;
  /**
   * The store device cloud (server/services/store-devices): `demo` (default in demo mode) answers
   * offline and deterministically; `none` (default otherwise) connects none. DEVICE_PROVIDER overrides.
   */
  deviceProvider: 'demo' | 'none';
  /** The device and price-tag passes every 10 s: on unless DEVICE_WORKER=0; off under NODE_ENV=test. */
  deviceWorker: boolean;
  /**
   * The delivery platforms' order feed (server/services/platform-orders): `demo` (default in demo mode)
   * answers offline and deterministically; `none` (default otherwise) connects none, and 同步平台订单
   * says so. PLATFORM_PROVIDER overrides.
   */
  platformProvider: 'demo' | 'none';
  /**
   * A pause between the batches of a long export, milliseconds (JOB_BATCH_PAUSE_MS, default 0): a busy
   * server on the embedded database (one connection) gives interactive requests more room. The browser
   * tests set it so that a 5,000-row export runs long enough to be watched and cancelled.
   */
  jobBatchPauseMs: number;
  /**
   * A list counts its matching rows exactly up to this many (LIST_EXACT_COUNT, default 10,000); beyond,
   * its total is the planner's estimate, so no page request counts a million rows (docs/decisions.md).
   */
  listExactCount: number;
  /**
   * Tests only (TEST_CLOCK, an ISO date-time; ignored in production): the engine's clock for rules on
   * the time of day (a store order's 要货时间窗) starts at this moment and runs on from there, so a test
   * or a browser run is not refused for the hour it happens to run at. Stamps keep the real time.
   */
  clockAt: number | undefined;
  /**
   * Behind a load balancer or reverse proxy (TRUST_PROXY): which proxies' X-Forwarded-For to believe,
   * as Fastify's trustProxy takes it: addresses and CIDR ranges separated by commas. Then the
   * per-address rate limits and the logs see the client, not the proxy. Unset: none is trusted.
   */
  trustProxy: string | undefined;
}

function int(value: string | undefined, fallback: number): number {
  const n = value === undefined || value === '' ? Number.NaN : Number(value);
  return Number.isFinite(n) ? n : fallback;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const production = env.NODE_ENV === 'production';
  const databaseUrl = env.DATABASE_URL || undefined;
  // Demo mode: the embedded database, not production. DEMO=0/1 overrides.
  const demo = env.DEMO !== undefined ? env.DEMO === '1' : !production && !databaseUrl;
  return {
    port: int(env.PORT, 8080),
    host: env.HOST || '127.0.0.1',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl,
    production,
    demo,
    sessionIdleMinutes: int(env.SESSION_IDLE_MINUTES, 120),
    sessionMaxHours: int(env.SESSION_MAX_HOURS, 12),
    signatureSkewMs: 5 * 60 * 1000,
    logLevel: env.LOG_LEVEL || (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    distDir: path.resolve(env.DIST_DIR || './dist'),
    rateLimitExemptLoopback: !production && env.RATE_LIMIT_EXEMPT_LOOPBACK === '1',
    reminders: env.REMINDERS !== undefined ? env.REMINDERS === '1' : env.NODE_ENV !== 'test',
    schedules: env.SCHEDULES !== undefined ? env.SCHEDULES === '1' : env.NODE_ENV !== 'test',
    deviceProvider: (env.DEVICE_PROVIDER ?? (demo ? 'demo' : 'none')) === 'demo' ? 'demo' : 'none',
    deviceWorker: env.DEVICE_WORKER !== undefined ? env.DEVICE_WORKER === '1' : env.NODE_ENV !== 'test',
    platformProvider: (env.PLATFORM_PROVIDER ?? (demo ? 'demo' : 'none')) === 'demo' ? 'demo' : 'none',
    jobBatchPauseMs: Math.max(0, Math.min(60_000, int(env.JOB_BATCH_PAUSE_MS, 0))),
    listExactCount: Math.max(1, int(env.LIST_EXACT_COUNT, 10_000)),
    clockAt: testClock(env),
    trustProxy: env.TRUST_PROXY || undefined,
  };
}

/** TEST_CLOCK as milliseconds, outside production only (ServerConfig.clockAt). */
function testClock(env: NodeJS.ProcessEnv): number | undefined {
  if (env.NODE_ENV === 'production' || !env.TEST_CLOCK) return undefined;
  const at = Date.parse(env.TEST_CLOCK);
  if (Number.isNaN(at)) throw new Error(`TEST_CLOCK is not a date-time: ${env.TEST_CLOCK}`);
  return at;
}
