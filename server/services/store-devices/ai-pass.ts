import type { Database } from '../../db/index';
import { dynamic } from '../../resources/sql/db';
import type { AiMonitorProvider, EventRef } from './ai-provider';
import type { CameraRef } from './provider';

/** Each pass asks for what was seen in this window: a pass missed (a restart) loses nothing shorter. */
export const AI_LOOKBACK_MS = 30 * 60_000;
/** deviceType 摄像头 (schemas/enums/deviceType.json). */
const CAMERA = 5;
/** Events whose still is missing are completed at most this many per pass. */
const IMAGE_BATCH = 200;

type Camera = CameraRef & { id: number; storeId: number };

/**
 * One AI store-monitoring pass as of `now` (issue 19.5): the service's detections on the online cameras
 * in the last AI_LOOKBACK_MS become events 待处理 (ai_event, schemas/resources/aiEvent.json), stored
 * once by the service's event code whatever the number of passes or servers; then events stored
 * without a still (the declared demo rows) get theirs from the service. Handling is the engine's.
 */
export async function runAiPass(
  db: Database,
  provider: AiMonitorProvider,
  now = new Date(),
): Promise<{ detected: number; created: number; images: number }> {
  const d = dynamic(db);
  const cameras = (await d
    .selectFrom('storeDevice')
    .select(['id', 'deviceCode', 'deviceType', 'name', 'storeId', 'storeName', 'zone'])
    .where('deviceType', '=', CAMERA)
    .where('online', '=', 1)
    .orderBy('id')
    .execute()) as Camera[];
  const byCode = new Map(cameras.map((c) => [c.deviceCode, c]));
  const found = await provider.detections(cameras, new Date(now.getTime() - AI_LOOKBACK_MS), now);
  const rules = await storeRules(db);
  let created = 0;
  for (const e of found) {
    const cam = byCode.get(e.cameraCode);
    if (!cam || !reported(rules.get(`${cam.storeId}:${e.eventType}`), e)) continue;
    const done = await d
      .insertInto('aiEvent')
      .values({
        eventCode: e.eventCode,
        storeId: cam.storeId,
        storeName: cam.storeName,
        cameraId: cam.id,
        cameraCode: cam.deviceCode,
        cameraName: cam.name,
        zone: cam.zone,
        eventType: e.eventType,
        eventTime: e.time,
        confidence: e.confidence.toFixed(4),
        snapshotUrl: e.image,
        status: 0,
        createTime: now,
      })
      .onConflict((oc) => oc.column('eventCode').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (done) created++;
  }
  return { detected: found.length, created, images: await completeImages(db, provider) };
}

interface Rule {
  enabled: boolean;
  startHour: number;
  endHour: number;
  minConfidence: number;
}

/** The stores' rules by "storeId:eventType" (AI巡店规则, schemas/resources/aiRule.json). */
async function storeRules(db: Database): Promise<Map<string, Rule>> {
  const rows = await dynamic(db)
    .selectFrom('aiRule')
    .select(['storeId', 'eventType', 'enabled', 'startHour', 'endHour', 'minConfidence'])
    .execute();
  return new Map(
    rows.map((r) => [
      `${String(r.storeId)}:${String(r.eventType)}`,
      {
        enabled: Boolean(r.enabled),
        startHour: Number(r.startHour),
        endHour: Number(r.endHour),
        minConfidence: Number(r.minConfidence),
      },
    ]),
  );
}

/**
 * Whether a detection becomes an event under its store's rule for its type: reported, within the
 * rule's hours (China time; a start after the end wraps midnight: 22 to 7 is the night), confident
 * enough. A type without a rule is always reported. Pinned by tests/server/ai-events.test.ts.
 */
export function reported(rule: Rule | undefined, e: { time: Date; confidence: number }): boolean {
  if (!rule) return true;
  if (!rule.enabled || e.confidence < rule.minConfidence) return false;
  const hour = (e.time.getUTCHours() + 8) % 24;
  return rule.startHour < rule.endHour
    ? hour >= rule.startHour && hour < rule.endHour
    : hour >= rule.startHour || hour < rule.endHour;
}

/** Events without a still (demo rows written by the seed) get the service's image of them. */
export async function completeImages(db: Database, provider: AiMonitorProvider): Promise<number> {
  const d = dynamic(db);
  const missing = (await d
    .selectFrom('aiEvent')
    .select(['id', 'eventCode', 'eventType', 'eventTime', 'cameraCode', 'storeName', 'zone'])
    .where('snapshotUrl', 'is', null)
    .orderBy('id')
    .limit(IMAGE_BATCH)
    .execute()) as (Omit<EventRef, 'time'> & { id: number; eventTime: Date })[];
  let drawn = 0;
  for (const e of missing) {
    const image = await provider.eventImage({ ...e, time: new Date(e.eventTime) });
    if (!image) continue;
    await d.updateTable('aiEvent').set({ snapshotUrl: image }).where('id', '=', e.id).execute();
    drawn++;
  }
  return drawn;
}
