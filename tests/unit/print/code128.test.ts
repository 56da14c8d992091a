import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { decodeRow } from '../../e2e/print-code128';

// The e2e print tests read barcodes back from the printed PDF with this decoder; here it reads the
// module patterns jsbarcode encodes (the library the print pages draw with).
const require = createRequire(import.meta.url);
const { CODE128 } = (
  require('jsbarcode/bin/barcodes/index.js') as {
    default: { CODE128: new (value: string, options: object) => { encode(): { data: string } } };
  }
).default;

/** Bars as pixels: `scale` px per module, some light margin on both sides and noise before. */
function row(value: string, scale: number): boolean[] {
  const bits = new CODE128(value, {}).encode().data;
  const pixels = [...'0000000000101100000'].map((b) => b === '1');
  for (const bit of bits) for (let i = 0; i < scale; i++) pixels.push(bit === '1');
  return [...pixels, ...new Array(20).fill(false)];
}

describe('CODE128 decoder of the print tests', () => {
  it.each(['JH20260301000600', 'DB20260227000123', 'APP20260301000120', '6920000007919', 'unup-A1'])(
    'reads back %s',
    (value) => {
      expect(decodeRow(row(value, 3))).toBe(value);
      expect(decodeRow(row(value, 5))).toBe(value);
    },
  );

  it('rejects bars with a broken checksum', () => {
    const pixels = row('JH20260301000600', 3);
    // Flip one module inside the data: the symbol no longer adds up.
    const at = 19 + 11 * 3 * 3 + 4 * 3;
    for (let i = 0; i < 3; i++) pixels[at + i] = !pixels[at + i];
    expect(decodeRow(pixels)).not.toBe('JH20260301000600');
  });
});
