import { describe, expect, it } from 'vitest';
import { isoInstant, rowsFromJson } from '../../../server/resources/sql/json-rows';
import type { FieldDef } from '../../../src/schema/types';

// A list page reads its rows as one JSON text (server/resources/sql/json-rows.ts); its values must
// equal what the per-column read gave: Date.toISOString() text for instants, numbers for numerics.
describe('rows read as JSON', () => {
  it('writes instants as Date.toISOString() does, milliseconds cut', () => {
    for (const text of [
      '2026-03-01T09:12:00+00:00',
      '2026-03-01T09:12:00.5+00:00',
      '2026-03-01T09:12:00.123456+00:00',
      '2026-03-01T09:12:00.999999+00:00',
      '2026-03-01T09:12:00.999999+08:00',
      '2026-03-01T00:00:00.12-05:45',
    ]) {
      expect(isoInstant(text)).toBe(new Date(text).toISOString());
    }
    expect(isoInstant('2026-03-01T09:12:00.999999+00:00')).toBe('2026-03-01T09:12:00.999Z');
  });

  it('maps the snake_case keys back to the API names and converts by field type', () => {
    const fields = {
      pickOrderCode: { type: 'string' },
      totalQuantity: { type: 'number' },
      createTime: { type: 'string', format: 'date-time' },
      finishTime: { type: 'string', format: 'date-time' },
      secret: { type: 'string', writeOnly: true },
    } as unknown as Record<string, FieldDef>;
    const text = JSON.stringify([
      {
        pick_order_code: 'JH1',
        total_quantity: 12.5,
        create_time: '2026-03-01T17:12:00.123456+08:00',
        finish_time: null,
      },
    ]);
    expect(rowsFromJson(fields, text)).toEqual([
      { pickOrderCode: 'JH1', totalQuantity: 12.5, createTime: '2026-03-01T09:12:00.123Z', finishTime: null },
    ]);
  });
});
