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
  let created = 0;
  for (const e of found) {
    const cam = byCode.get(e.cameraCode);
    if (!cam) continue;
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
