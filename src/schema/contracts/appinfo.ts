import { defineContract } from './define';
import { arr, dateTime, int, nullable, obj, str } from './shapes';

/** The download centre (SPEC 7.10; server/routes/appinfo, caller src/host/panels/download/api.ts). */
const BASE = '/gateApi/common/appinfo';

const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, errorMessage: '参数不正确' } },
} as const;

const version = (admin: boolean) =>
  obj(
    {
      id: int,
      os: str,
      appVersion: str,
      updateTime: dateTime,
      /** Bytes, or '' when unknown. */
      appSize: { type: ['number', 'string'] },
      /** Sanitised rich text. */
      appRemark: str,
      appUrl: str,
      /** Administration only: 1 started, 0 stopped. */
      status: int,
    },
    admin ? [] : ['status'],
  );

const detail = <V extends ReturnType<typeof version>>(v: V) =>
  ({
    type: 'object',
    additionalProperties: false,
    required: ['id', 'appName', 'appIconUrl', 'deviceName', 'appItemMap'],
    properties: {
      id: int,
      appName: str,
      appIconUrl: str,
      deviceName: str,
      status: int,
      /** Versions per operating system, newest first. */
      appItemMap: { type: 'object', additionalProperties: arr(v) },
    },
  }) as const;

/** The apps with a started version, as cards. */
export const appList = defineContract({
  method: 'GET',
  path: `${BASE}/f/list`,
  data: arr(obj({ id: int, appName: str, appIconUrl: nullable.str, deviceName: nullable.str })),
});

/** One app with its started versions per operating system. */
export const appFront = defineContract({
  method: 'GET',
  path: `${BASE}/f/:id`,
  params: idParams,
  data: detail(version(false)),
});

/** The administration's view of one app: every version, with status. */
export const appAdminDetail = defineContract({
  method: 'GET',
  path: `${BASE}/m/detail/:id`,
  params: idParams,
  data: detail(version(true)),
});
