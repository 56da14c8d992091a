import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../../config';
import { contractRoute } from '../../http/contract-route';
import { ApiError } from '../../http/envelope';
import { type Actor, type Engine, loadActor } from '../../resources/context';
import { createRow } from '../../resources/handlers/write';
import { dynamic } from '../../resources/sql/db';
import { platformOrderSync } from '../../../src/schema/contracts/platform-orders';
import { demoPlatformProvider } from './demo';
import type { FeedStore, PlatformOrderProvider } from './provider';

/** Each pull asks for the last day's orders: pulling twice, or after a pause, loses nothing shorter. */
export const FEED_LOOKBACK_MS = 24 * 3_600_000;
/** platformOrderSource 接口同步. */
const FROM_FEED = 2;

/**
 * The configured platform feed (PLATFORM_PROVIDER): `demo` (the default in demo mode) answers offline
 * and deterministically; `none` connects none. A platform's open API is one more case here.
 */
export function platformProviderFor(
  config: Pick<ServerConfig, 'platformProvider'>,
): PlatformOrderProvider | undefined {
  return config.platformProvider === 'demo' ? demoPlatformProvider() : undefined;
}

/**
 * One pull of the platforms' orders as of `now` (issue 17.3): the orders the feed reports for the
 * enabled store mappings in the last FEED_LOOKBACK_MS become platform orders (source 接口同步), each
 * written through the engine's create like an imported row (the mapping's store, computed amounts,
 * audit), by `actor`. An order already stored (same platform and order number) is left as it is, so a
 * pull repeated gives the same rows; a store mapped meanwhile contributes from the next pull.
 */
export async function runPlatformPull(
  engine: Engine,
  provider: PlatformOrderProvider,
  actor: Actor,
  now = new Date(),
): Promise<{ pulled: number; created: number; existing: number }> {
  const r = engine.catalog.resources.get('platformOrder')!;
  const d = dynamic(engine.db);
  const stores = (await d
    .selectFrom('platformStore')
    .select(['platform', 'platformStoreId'])
    .where('enabled', '=', true)
    .orderBy('id')
    .execute()) as FeedStore[];
  const found = await provider.orders(stores, new Date(now.getTime() - FEED_LOOKBACK_MS), now);
  let created = 0;
  let existing = 0;
  for (const o of found) {
    const stored = await d
      .selectFrom('platformOrder')
      .select('id')
      .where('platform', '=', o.platform)
      .where('platformOrderNo', '=', o.platformOrderNo)
      .executeTakeFirst();
    if (stored) {
      existing++;
      continue;
    }
    try {
      await createRow(
        engine,
        r,
        {
          ...o,
          orderTime: o.orderTime.toISOString(),
          goodsAmount: Number(o.goodsAmount),
          platformDiscount: Number(o.platformDiscount),
          merchantDiscount: Number(o.merchantDiscount),
          commission: Number(o.commission),
          settlementAmount: Number(o.settlementAmount),
          source: FROM_FEED,
        },
        actor,
      );
      created++;
    } catch (error) {
      // Another pull stored it meanwhile (the unique platform order number): the same order once.
      if (error instanceof ApiError && error.status === 409) existing++;
      else throw error;
    }
  }
  return { pulled: found.length, created, existing };
}

/**
 * POST /api/v1/platform/order/sync (同步平台订单 on the platform orders' toolbar, permission
 * platformOrder:sync): one pull now, as the caller. Registered with the resource engine, whose create
 * it writes through; without a configured feed it answers 400 未接入平台订单接口.
 */
export function registerPlatformFeed(app: FastifyInstance, engine: Engine): void {
  if (!engine.catalog.resources.has('platformOrder')) return;
  const provider = platformProviderFor(app.config);
  contractRoute(
    app,
    platformOrderSync,
  )({
    config: {
      permission: 'platformOrder:sync',
      operation: { entity: 'platformOrder', title: '平台订单', action: 'sync' },
    },
    handler: async (request) => {
      if (!provider) throw ApiError.badRequest('未接入平台订单接口，请通过导入添加平台订单');
      const actor = await loadActor(engine.db, request.auth!, String(request.id));
      const got = await runPlatformPull(engine, provider, actor);
      return {
        ...got,
        message: got.created
          ? `已同步${got.created}条平台订单，另有${got.existing}条已存在`
          : `没有新的平台订单（${got.existing}条已存在）`,
      };
    },
  });
}
