import { api } from '@/runtime/request';

/** SPEC 7.10 front calls of the download centre. */
const BASE = '/gateApi/common/appinfo';

export interface AppCard {
  id: number;
  appName: string;
  appIconUrl: string | null;
  deviceName: string | null;
}

export interface AppVersion {
  id: number;
  os: string;
  appVersion: string;
  updateTime: string;
  /** Bytes, or '' when unknown. */
  appSize: number | '';
  appRemark: string;
  appUrl: string;
}

export interface AppDetail {
  id: number;
  appName: string;
  appIconUrl: string;
  deviceName: string;
  /** Versions per operating system, newest first. */
  appItemMap: Record<string, AppVersion[]>;
}

export const fetchApps = () => api.get<AppCard[]>(`${BASE}/f/list`);
export const fetchApp = (id: number) => api.get<AppDetail>(`${BASE}/f/${id}`);

/** A link as the phone will open it: relative download paths get this server's origin. */
export function absoluteUrl(url: string): string {
  return new URL(url, window.location.origin).href;
}
