import { defineContract } from './define';
import { arr, dateTime, int, nullable, obj, str } from './shapes';

/** The download centre (SPEC 7.10; server/routes/appinfo, caller src/host/panels/download/api.ts). */
const BASE = '/gateApi/common/appinfo';

/** The operating systems a version is for. */
export const APP_OS = ['Android', 'iOS', 'Windows', 'HarmonyOS'] as const;

export const APPINFO_MSG = {
  appMissing: '应用不存在',
  versionMissing: '版本不存在',
  packageMissing: '安装包不存在',
  tooLarge: '安装包不能超过500MB',
  noFile: '请选择安装包',
  badName: '安装包文件名不正确',
} as const;

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

/** One version as the edit form loads it (schemas/resources/appVersion.json get). */
export const versionOne = defineContract({
  method: 'GET',
  path: `${BASE}/m/version/:id`,
  params: idParams,
  data: obj({ ...version(true).properties, appId: int, packageId: nullable.int }),
});

const versionFields = {
  appId: { type: 'integer', minimum: 1, errorMessage: '请选择应用' },
  os: { type: 'string', enum: APP_OS, errorMessage: '请选择操作系统' },
  appVersion: {
    type: 'string',
    minLength: 1,
    maxLength: 30,
    pattern: '^[0-9A-Za-z._-]+$',
    errorMessage: {
      minLength: '请输入版本号',
      maxLength: '版本号不能超过30个字符',
      pattern: '版本号只能包含字母、数字、点、横线和下划线',
    },
  },
  appRemark: { type: 'string', maxLength: 20000, errorMessage: '更新说明不能超过20000个字符' },
  // null: no new package (an edit form clears what it does not change).
  packageId: { type: ['integer', 'null'], minimum: 1, errorMessage: APPINFO_MSG.packageMissing },
  appUrl: {
    type: 'string',
    maxLength: 500,
    pattern: '^https?://[^\\s<>"\']+$',
    errorMessage: '请输入正确的下载地址',
  },
  appSize: { type: ['integer', 'null'], minimum: 0, errorMessage: '安装包大小不正确' },
} as const;

const versionRequired = { appId: '请选择应用', os: '请选择操作系统', appVersion: '请输入版本号' } as const;

export const versionAdd = defineContract({
  method: 'POST',
  path: `${BASE}/m/add/version`,
  body: {
    type: 'object',
    required: ['appId', 'os', 'appVersion'],
    properties: versionFields,
    errorMessage: { required: versionRequired },
  },
  data: obj({ id: int }),
});

export const versionModify = defineContract({
  method: 'POST',
  path: `${BASE}/m/modify/version`,
  body: {
    type: 'object',
    required: ['id', 'appId', 'os', 'appVersion'],
    properties: {
      id: { type: 'integer', minimum: 1, errorMessage: APPINFO_MSG.versionMissing },
      ...versionFields,
    },
    errorMessage: { required: { id: APPINFO_MSG.versionMissing, ...versionRequired } },
  },
  data: obj({ id: int }),
});

/**
 * m/start/version/{id} and m/stop/version/{id}: one route, so the appVersion resource's transition
 * endpoint (schemas/resources/appVersion.json, :action) names it exactly.
 */
export const versionStatus = defineContract({
  method: 'POST',
  path: `${BASE}/m/:action/version/:id`,
  params: {
    type: 'object',
    required: ['action', 'id'],
    properties: {
      action: { type: 'string', enum: ['start', 'stop'], errorMessage: '参数不正确' },
      id: { type: 'integer', minimum: 1, errorMessage: '参数不正确' },
    },
  },
  data: obj({ id: int, status: int }),
});

/** A package upload (multipart field 'file', not described here): the package to name in a version. */
export const packageUpload = defineContract({
  method: 'POST',
  path: `${BASE}/m/upload`,
  data: obj({ packageId: int, fileName: str, appSize: int, appUrl: str }),
});
