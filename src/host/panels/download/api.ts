import { callContract } from '@/runtime/request';
import { appFront, appList } from '@/schema/contracts/appinfo';
import type { DataOf } from '@/schema/contracts/define';

/** SPEC 7.10 front calls of the download centre (contracts: src/schema/contracts/appinfo.ts). */
export type AppCard = DataOf<typeof appList>[number];
export type AppDetail = DataOf<typeof appFront>;
export type AppVersion = AppDetail['appItemMap'][string][number];

export const fetchApps = () => callContract(appList, {});
export const fetchApp = (id: number) => callContract(appFront, { params: { id } });

/** A link as the phone will open it: relative download paths get this server's origin. */
export function absoluteUrl(url: string): string {
  return new URL(url, window.location.origin).href;
}
