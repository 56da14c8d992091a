import { defineContract } from './define';
import { dateTime, int, obj, str } from './shapes';

/** Imports through jobs (issue 23.3; server/resources/imports, caller src/renderer/list/import). */
const BASE = '/api/v1/import';

/** The largest file accepted: 4 MB (sent as base64 in a JSON body, about 5.4 MB). */
export const MAX_IMPORT_BYTES = 4 * 1024 * 1024;

export const IMPORT_MSG = {
  unknownPage: '该列表不支持导入',
  badFile: '请上传 xlsx、CSV 或 JSON 文件',
  tooLarge: '文件不能超过 4MB',
  unreadable: '文件无法读取，请按模板上传 xlsx、CSV 或 JSON 文件',
  empty: '文件中没有数据',
  missingColumn: (title: string) => `缺少“${title}”列`,
  tooManyRows: (max: number) => `一次最多导入${max}行`,
  rowErrors: (n: number) => `有${n}处错误，未导入任何数据，请下载错误文件修改后重新导入`,
  partial: (created: number, left: number) =>
    `已导入${created}行，另有${left}行有错误未导入，请下载错误文件修改后重新导入`,
  failed: '导入失败，请稍后重试',
} as const;

/** Queue an import of a file through a list page's import action (the file travels as base64). */
export const importStart = defineContract({
  method: 'POST',
  path: `${BASE}/jobs`,
  body: {
    type: 'object',
    required: ['page', 'fileName', 'content'],
    additionalProperties: false,
    properties: {
      /** '<app>/<page name>' of schemas/pages whose toolbar has the import action (':<name>' for a named one). */
      page: {
        type: 'string',
        maxLength: 100,
        pattern: '^(admin|dacang)/[a-z][A-Za-z0-9]*(:[a-z][A-Za-z0-9]*)?$',
        errorMessage: IMPORT_MSG.unknownPage,
      },
      fileName: {
        type: 'string',
        minLength: 1,
        maxLength: 200,
        pattern: '\\.(xlsx|csv|json|XLSX|CSV|JSON)$',
        errorMessage: IMPORT_MSG.badFile,
      },
      content: {
        type: 'string',
        minLength: 1,
        maxLength: Math.ceil(MAX_IMPORT_BYTES / 3) * 4,
        pattern: '^[A-Za-z0-9+/]+={0,2}$',
        errorMessage: {
          maxLength: IMPORT_MSG.tooLarge,
          minLength: IMPORT_MSG.empty,
          pattern: IMPORT_MSG.badFile,
        },
      },
    },
    errorMessage: {
      required: { page: IMPORT_MSG.unknownPage, fileName: IMPORT_MSG.badFile, content: IMPORT_MSG.badFile },
    },
  },
  data: obj({ id: int, title: str, status: int, statusName: str, createTime: dateTime }),
});
