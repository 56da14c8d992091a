import type { JSONSchema } from 'json-schema-to-ts';
import { defineContract } from './define';
import { bool, int, obj, str } from './shapes';

/**
 * The personal centre and image uploads (SPEC 2.9, 3 'User-centre info', 4 'Photo', 7.5;
 * server/routes/usercenter). Callers: src/host/pages/userCenter/user-center-api.ts and
 * src/runtime/request/upload.ts.
 */
const BASE = '/gateApi/user/smm/user/web';

/** SPEC 7.5 upload texts (server/services/upload.ts adds the per-rule ones). */
export const UPLOAD_MSG = {
  failed: '上传失败',
  square: '需上传长宽比为1:1的图片',
  missing: '图片不存在，请重新上传',
  tooSmall: '图片尺寸过小，请上传不小于100×100像素的照片',
  noFile: '请选择要上传的文件',
} as const;

/** Private files (docs/schemas.md 'Private files'): a PDF of at most 10 MB, checked by its bytes. */
export const PRIVATE_FILE = { extensions: ['.pdf'], maxKb: 10240 } as const;
export const PRIVATE_FILE_MSG = {
  extension: '仅限上传 .pdf 后缀的文件',
  size: `上传文件大小不能超过 ${PRIVATE_FILE.maxKb} KB!`,
  notPdf: '文件内容不是有效的PDF文件，请重新上传',
  missing: '附件不存在，请重新上传',
  gone: '文件不存在',
} as const;

/** The signed-in user's own data: the full phone in basic data, the masked one beside 'change phone'. */
export const userCenterInfo = defineContract({
  method: 'POST',
  path: `${BASE}/selectUserCenterInfo`,
  data: obj({
    employeeNumber: str,
    employeeName: str,
    employeeTypeName: str,
    orgName: str,
    positionName: str,
    employeeTel: str,
    bindPhoneHide: str,
    employeeEmail: str,
    employeeCity: str,
    /** 1 bound to a messaging-app account, 0 not. */
    bindWechatStatus: { type: 'integer', enum: [0, 1] },
    /** The photo's visit url, '' without one. */
    photoUrl: str,
  }),
});

const uploadedUrl = {
  type: 'string',
  minLength: 1,
  maxLength: 500,
  errorMessage: UPLOAD_MSG.missing,
} as const;

/** The photo check: an upload of this user, still there, square and large enough. */
export const checkPhoto = defineContract({
  method: 'GET',
  path: '/gateApi/ai/aidic/web/checkPxDataImageCollect',
  query: {
    type: 'object',
    required: ['url'],
    properties: { url: uploadedUrl },
    errorMessage: { required: { url: UPLOAD_MSG.missing } },
  },
  data: bool,
});

export const savePhoto = defineContract({
  method: 'POST',
  path: `${BASE}/saveUserPhoto`,
  body: {
    type: 'object',
    required: ['photoUrl'],
    properties: { photoUrl: uploadedUrl },
    errorMessage: { required: { photoUrl: UPLOAD_MSG.missing } },
  },
  data: obj({ photoUrl: str }),
});

export const deletePhoto = defineContract({
  method: 'POST',
  path: `${BASE}/deleteUserPhoto`,
  data: bool,
});

/**
 * POST /gateApi/<service>Upload/restUpload?timestamp&signature&modelType, multipart field 'file'
 * (not described here: the body is a file). One definition for the image and the private uploads, which
 * are signed and sent alike and differ only in the service and the answer.
 */
const upload = <const S extends string, const D extends JSONSchema>(service: S, data: D) =>
  defineContract({
    method: 'POST',
    path: `/gateApi/${service}Upload/restUpload`,
    query: {
      type: 'object',
      required: ['timestamp', 'signature', 'modelType'],
      properties: {
        timestamp: { type: 'string', maxLength: 20 },
        signature: { type: 'string', maxLength: 128 },
        modelType: { type: 'string', pattern: '^[A-Z][A-Z0-9_]{1,39}$' },
      },
      errorMessage: UPLOAD_MSG.failed,
    },
    data,
  });

/** The image uploads (services xs, xd, ai): the stored path and the url to show it. */
const imageUpload = <const B extends string>(bucket: B) =>
  upload(bucket, obj({ relativeUrl: str, visitUrl: str }));

export const uploads = { xs: imageUpload('xs'), xd: imageUpload('xd'), ai: imageUpload('ai') } as const;

/**
 * The private upload (a contract's PDF; docs/schemas.md 'Private files'). Answers the stored path, which
 * a field with `x-file` keeps, and the file name; there is no public url.
 */
export const privateUpload = upload('pv', obj({ relativeUrl: str, fileName: str }));

/**
 * GET /api/v1/file/<resource>/<field>/:id (server/resources/files.ts): a private file, base64 in the
 * envelope so the page fetches it through the signed request layer.
 */
export const privateFileData = obj({ fileName: str, mime: str, size: int, content: str });
