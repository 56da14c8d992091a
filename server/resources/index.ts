import type { FastifyInstance } from 'fastify';
import { createAjv, lazyValidator } from './ajv';
import type { Engine } from './context';
import { defaultSchemasDir } from '../../src/schema/node/files';
import { inputValidators } from './handlers/transition';
import { attachWorkflows } from '../workflows/engine';
import { registerTimeline } from '../workflows/timeline';
import { loadCatalog } from '../../src/schema/node/load';
import { registerRoute } from './register';
import { resourceRoutes } from '../../src/schema/routes';
import { type ReminderWorker, startReminderWorker } from '../services/reminders-worker';
import { registerImports } from './imports/index';
import { registerPrivateFiles } from './files';
import { registerPlatformFeed } from '../services/platform-orders/feed';
import { registerBatchJobs } from './batch-jobs';
import { registerHome } from '../routes/home/index';
import { registerDevSchedules } from './dev-schedules';
import { type ScheduleWorker, scheduledTransitions, startScheduleWorker } from '../services/schedules';

export interface ResourcePluginOptions {
  /** Default: schemas/ of the checkout, or SCHEMAS_DIR. */
  schemasDir?: string;
}

/**
 * The generic resource engine (DESIGN.md 1): every file of schemas/resources becomes its endpoints,
 * with no TypeScript per resource. Registered as an encapsulated plugin so its validator compiler
 * (named validators, China-time dates, ajv-errors) applies to these routes only.
 */
export default async function resourcePlugin(
  app: FastifyInstance,
  opts: ResourcePluginOptions,
): Promise<void> {
  const catalog = loadCatalog(opts.schemasDir ?? defaultSchemasDir());
  const bodyAjv = createAjv(catalog.validators, false);
  const textAjv = createAjv(catalog.validators, true);
  app.setValidatorCompiler(({ schema, httpPart }) =>
    lazyValidator(() => (httpPart === 'body' ? bodyAjv : textAjv).compile(schema)),
  );
  const engine: Engine = {
    db: app.db,
    catalog,
    keys: app.keys,
    listExactCount: app.config.listExactCount,
    now: clockFrom(app.config.clockAt),
  };
  attachWorkflows(engine);
  // Batches longer than a page run as jobs (issue 23.4).
  const batch = registerBatchJobs(app, engine);
  const names = [...catalog.resources.keys()].sort();
  for (const name of names) {
    const r = catalog.resources.get(name)!;
    const inputs = inputValidators(bodyAjv, engine, r);
    // External endpoints are hand-written routes (server/routes) sharing the resource's contract.
    for (const route of resourceRoutes(r))
      if (!route.external) registerRoute(app, engine, r, route, inputs, batch);
  }
  // Pages' import actions: uploads run as import jobs through the create endpoints (issue 23.3).
  registerImports(app, engine, bodyAjv);
  // Private files (x-file): read back only through their row's detail permission and scope.
  registerPrivateFiles(app, engine);
  // 同步平台订单: the delivery platforms' feed, written through the engine's create (issue 17.3).
  registerPlatformFeed(app, engine);
  // The home pages' counters of schemas/home (issue 16.8).
  registerHome(app, engine);
  // The approvals of a document, for its detail (src/renderer/list/ApprovalTimeline.tsx).
  if (catalog.workflows.size) registerTimeline(app, engine);
  // Transitions declared with a `schedule` (server/services/schedules.ts): a second after start, then every minute.
  if (app.config.schedules && scheduledTransitions(engine).length) {
    let worker: ScheduleWorker | undefined;
    app.addHook('onReady', async () => {
      worker = startScheduleWorker(engine, app.log, undefined, CATCH_UP_DELAY_MS);
    });
    app.addHook('onClose', async () => {
      await worker?.stop();
    });
  }
  // Demo mode: a pass as of a chosen moment, to show a future day (server/resources/dev-schedules.ts).
  registerDevSchedules(app, engine);
  // Reminders declared by resources (server/services/reminders.ts): a second after start, then hourly.
  if (app.config.reminders && [...catalog.resources.values()].some((r) => r.reminders?.length)) {
    let worker: ReminderWorker | undefined;
    app.addHook('onReady', async () => {
      worker = startReminderWorker(app.db, catalog, app.log, undefined, CATCH_UP_DELAY_MS);
    });
    app.addHook('onClose', async () => {
      await worker?.stop();
    });
  }
}

/**
 * The passes at start wait this long: a database that was off for days has a backlog to catch up on
 * (a pass takes up to 200 rows per transition), and the first requests after a start come first. The
 * passes are minute- and hour-grained, so a second later moves nothing a user could see (issue 21.5).
 */
const CATCH_UP_DELAY_MS = 1_000;

/** The engine's clock: from `clockAt` on (TEST_CLOCK), running at the real pace; else the real one. */
function clockFrom(at: number | undefined): (() => Date) | undefined {
  if (at === undefined) return undefined;
  const offset = at - Date.now();
  return () => new Date(Date.now() + offset);
}
