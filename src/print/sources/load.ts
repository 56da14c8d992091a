import { ApiError, isCancelError } from '@/runtime/request';

/** What a print page has to show: nothing yet, the document, or why there is nothing to print. */
export type Loaded<T> =
  { state: 'loading' } | { state: 'ready'; data: T } | { state: 'missing'; message: string };

export const ready = <T>(data: T): Loaded<T> => ({ state: 'ready', data });
export const missing = <T>(message: string): Loaded<T> => ({ state: 'missing', message });

/** Session or local storage data that is gone, stale or malformed (../storage.ts). */
export const STALE_DATA = '打印数据已失效，请从列表页重新打印';

/** '未找到拣货单 JH…，无法打印' */
export const notFound = (title: string, code: string) => `未找到${title} ${code}，无法打印`;

/**
 * A failed call as the page's message: unknown documents (404) say which one; any other refusal
 * (no permission, a cancelled document) says what the server said. Calls are made silent, so the
 * message shows once, on the page, not again as a toast. Session endings still go to /login.
 */
export function failure<T>(error: unknown, title: string, code: string): Loaded<T> | undefined {
  if (isCancelError(error)) return undefined;
  if (error instanceof ApiError) {
    return missing(error.httpStatus === 404 ? notFound(title, code) : error.msg);
  }
  return missing(`${title}加载失败，请稍后重试`);
}
