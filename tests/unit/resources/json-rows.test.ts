import { describe, expect, it } from 'vitest';
import { jsonIsFinal, rowsFromJson } from '../../../server/resources/sql/json-rows';
import type { FieldDef } from '../../../src/schema/types';

// A list page reads its rows as one JSON text already in the API's shape (server/resources/sql/json-rows.ts);
// tests/server/list-counts.test.ts compares it with the per-column read. Only jsonb arrays change in JS.
describe('rows read as JSON', () => {
  const plain = {
    pickOrderCode: { type: 'string' },
    totalQuantity: { type: 'number' },
    secret: { type: 'string', writeOnly: true },
  } as unknown as Record<string, FieldDef>;

  it('takes the text as it is when no field is a jsonb array', () => {
    expect(jsonIsFinal(plain)).toBe(true);
    const text = JSON.stringify([{ pickOrderCode: 'JH1', totalQuantity: 12.5 }]);
    expect(rowsFromJson(plain, text)).toEqual([{ pickOrderCode: 'JH1', totalQuantity: 12.5 }]);
  });

  it('maps the nested keys of jsonb arrays as the per-column read does', () => {
    const fields = { ...plain, photos: { type: 'array' } } as unknown as Record<string, FieldDef>;
    expect(jsonIsFinal(fields)).toBe(false);
    const text = JSON.stringify([{ pickOrderCode: 'JH1', photos: [{ file_url: 'a' }] }, { photos: null }]);
    expect(rowsFromJson(fields, text)).toEqual([
      { pickOrderCode: 'JH1', photos: [{ fileUrl: 'a' }] },
      { photos: null },
    ]);
  });
});
