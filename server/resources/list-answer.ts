import { ok } from '../http/envelope';
import type { PageText } from './sql/list';

export const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * A list answer whose rows are the database's JSON text (sql/json-rows.ts): the envelope is written
 * around the text instead of parsing 200 rows and serialising them again. The text holds exactly the
 * readable fields the response schema lists (the same selection), so nothing more leaves than before.
 */
export class ListAnswer {
  constructor(
    readonly page: Omit<PageText, 'listText'>,
    readonly listText: string,
  ) {}

  envelope(): string {
    // The envelope and page fields by JSON.stringify; only the rows' array is spliced in.
    const head = JSON.stringify(ok({ list: null, ...this.page }));
    const at = head.indexOf('"list":null');
    return `${head.slice(0, at)}"list":${this.listText}${head.slice(at + '"list":null'.length)}`;
  }
}
