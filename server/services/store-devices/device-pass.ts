import type { Database } from '../../db/index';
import { dynamic } from '../../resources/sql/db';
import { formatDateTime } from '../../../src/schema/format';
import { resolveApprovers } from '../../workflows/approvers';
import { writeSystemNotice } from '../../workflows/notify';
import type { CameraRef, DeviceProvider } from './provider';

/** Not heard from for this long: offline (heartbeats come every minute or so). */
export const OFFLINE_AFTER_MS = 5 * 60_000;
/** Offline for this long: the store is told, once per offline spell. */
export const ALERT_AFTER_MS = 30 * 60_000;
/** The message-centre type of device alerts (src/schema/contracts/messages.ts). */
export const DEVICE_MESSAGE_TYPE = 6;
/** deviceType 摄像头 (schemas/enums/deviceType.json). */
const CAMERA = 5;
/** A camera's still is refreshed this often (live video is out of scope). */
export const SNAPSHOT_EVERY_MS = 60_000;
/** Who is told: the store's users who see its device list. */
const ALERT_PERMISSION = '/admin/storeDevice/deviceList';

interface Offline {
  id: number;
  deviceCode: string;
  name: string;
  storeId: number;
  storeName: string;
  offlineSince: Date;
}

/**
 * One device pass as of `now` (issue 19.2): the provider's heartbeats set online and last seen; a
 * device silent for OFFLINE_AFTER_MS goes offline (since its last heartbeat); one offline for
 * ALERT_AFTER_MS raises one message to its store. The flag is claimed by a conditional update in the
 * message's transaction, so several servers, or a pass repeated, never send it twice; the next
 * heartbeat clears it for the next spell.
 */
export async function runDevicePass(
  db: Database,
  provider: DeviceProvider,
  now = new Date(),
): Promise<{ seen: number; wentOffline: number; alerted: number; snapshots: number }> {
  const d = dynamic(db);
  const devices = (await d.selectFrom('storeDevice').select(['deviceCode', 'deviceType']).execute()) as {
    deviceCode: string;
    deviceType: number;
  }[];
  const beats = await provider.heartbeats(devices, now);
  for (const b of beats) {
    await d
      .updateTable('storeDevice')
      .set({ online: 1, lastSeenTime: b.seenAt, offlineSince: null, offlineNotified: false })
      .where('deviceCode', '=', b.deviceCode)
      .execute();
  }
  const cutoff = new Date(now.getTime() - OFFLINE_AFTER_MS);
  const wentOffline = await d
    .updateTable('storeDevice')
    .set((eb) => ({ online: 0, offlineSince: eb.fn.coalesce('lastSeenTime', eb.val(now)) }))
    .where('online', '=', 1)
    .where((eb) => eb.or([eb('lastSeenTime', 'is', null), eb('lastSeenTime', '<', cutoff)]))
    .executeTakeFirst();
  const due = (await d
    .selectFrom('storeDevice')
    .select(['id', 'deviceCode', 'name', 'storeId', 'storeName', 'offlineSince'])
    .where('online', '=', 0)
    .where('offlineNotified', '=', false)
    .where('offlineSince', '<', new Date(now.getTime() - ALERT_AFTER_MS))
    .orderBy('id')
    .execute()) as Offline[];
  let alerted = 0;
  for (const dev of due) if (await alert(db, dev)) alerted++;
  const snapshots = await takeSnapshots(db, provider, now);
  return { seen: beats.length, wentOffline: Number(wentOffline.numUpdatedRows), alerted, snapshots };
}

/** Online cameras whose snapshot is older than a minute get the provider's latest one. */
async function takeSnapshots(db: Database, provider: DeviceProvider, now: Date): Promise<number> {
  const d = dynamic(db);
  const cameras = (await d
    .selectFrom('storeDevice')
    .select(['id', 'deviceCode', 'deviceType', 'name', 'storeName', 'zone'])
    .where('deviceType', '=', CAMERA)
    .where('online', '=', 1)
    .where((eb) =>
      eb.or([
        eb('snapshotTime', 'is', null),
        eb('snapshotTime', '<', new Date(now.getTime() - SNAPSHOT_EVERY_MS)),
      ]),
    )
    .orderBy('id')
    .execute()) as (CameraRef & { id: number })[];
  let taken = 0;
  for (const cam of cameras) {
    const shot = await provider.snapshot(cam, now);
    if (!shot) continue;
    await d
      .updateTable('storeDevice')
      .set({ snapshotUrl: shot.image, snapshotTime: shot.takenAt })
      .where('id', '=', cam.id)
      .execute();
    taken++;
  }
  return taken;
}

async function alert(db: Database, dev: Offline): Promise<boolean> {
  return dynamic(db)
    .transaction()
    .execute(async (trx) => {
      const claimed = await trx
        .updateTable('storeDevice')
        .set({ offlineNotified: true })
        .where('id', '=', dev.id)
        .where('offlineNotified', '=', false)
        .where('online', '=', 0)
        .executeTakeFirst();
      if (!Number(claimed.numUpdatedRows)) return false;
      const users = await resolveApprovers(trx, [{ permission: ALERT_PERMISSION, org: 'submitter' }], {
        userId: 0,
        orgId: dev.storeId,
      });
      await writeSystemNotice(trx, {
        msgType: DEVICE_MESSAGE_TYPE,
        createName: '设备监控',
        receiveRange: `${dev.storeName}设备管理人员`,
        userIds: users.map((u) => u.id),
        title: `设备离线：${dev.name}（${dev.deviceCode}）`,
        text: `${dev.storeName}的设备${dev.name}（${dev.deviceCode}）已离线超过30分钟（离线时间 ${formatDateTime(dev.offlineSince, 'yyyy-MM-dd HH:mm')}），请检查设备电源和网络。`,
        link: '/admin/storeDevice/deviceList',
      });
      return true;
    });
}
