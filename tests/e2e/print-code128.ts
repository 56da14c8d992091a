/**
 * A CODE128 decoder for the print tests: reads a row of pixels across a printed barcode and returns
 * the text it encodes (checksum verified), so a test can prove that the bars on paper say the document
 * code. Written from the CODE128 symbology table (ISO/IEC 15417), independent of the encoder under test.
 */

/** Bar/space widths (in modules) of symbol values 0–105; 106 is the stop pattern (7 elements). */
const PATTERNS =
  `212222 222122 222221 121223 121322 131222 122213 122312 132212 221213 221312 231212 112232 122132
122231 113222 123122 123221 223211 221132 221231 213212 223112 312131 311222 321122 321221 312212 322112 322211
212123 212321 232121 111323 131123 131321 112313 132113 132311 211313 231113 231311 112133 112331 132131 113123
113321 133121 313121 211331 231131 213113 213311 213131 311123 311321 331121 312113 312311 332111 314111 221411
431111 111224 111422 121124 121421 141122 141221 112214 112412 122114 122411 142112 142211 241211 221114 413111
241112 134111 111242 121142 121241 114212 124112 124211 411212 421112 421211 212141 214121 412121 111143 111341
131141 114113 114311 411113 411311 113141 114131 311141 411131 211412 211214 211232`.split(/\s+/);
const STOP = '2331112';
const START_A = 103;
const START_B = 104;
const VALUE_OF = new Map(PATTERNS.map((p, value) => [p, value]));

/** Element widths rounded to whole modules, or undefined when they do not add up to `modules`. */
function quantise(widths: number[], modules: number): string | undefined {
  const unit = widths.reduce((s, w) => s + w, 0) / modules;
  const q = widths.map((w) => Math.round(w / unit));
  if (q.some((n) => n < 1 || n > 4) || q.reduce((s, n) => s + n, 0) !== modules) return undefined;
  return q.join('');
}

/**
 * Symbol values from start to check symbol, or undefined if the runs from `at` are no CODE128. The
 * stop is told by its first six elements (233111, which is no symbol of the table).
 */
function symbols(runs: number[], at: number): number[] | undefined {
  const values: number[] = [];
  for (let i = at; i + 6 <= runs.length; i += 6) {
    const value = VALUE_OF.get(quantise(runs.slice(i, i + 6), 11) ?? '');
    if (value === undefined) {
      // The stop's last bar runs into the quiet zone and may blur there: its first six elements suffice.
      const stop = values.length > 0 && quantise(runs.slice(i, i + 6), 11) === STOP.slice(0, 6);
      return stop ? values : undefined;
    }
    if (values.length === 0 ? value < START_A : value >= START_A) return undefined;
    values.push(value);
  }
  return undefined;
}

/** Symbol values (start excluded, check excluded) as text, following the code-set switches. */
function text(values: number[]): string | undefined {
  let set = values[0] === START_A ? 'A' : values[0] === START_B ? 'B' : 'C';
  let out = '';
  for (let i = 1; i < values.length; i++) {
    const v = values[i]!;
    if (v === 99 && set !== 'C') set = 'C';
    else if (v === 100 && set !== 'B') set = 'B';
    else if (v === 101 && set !== 'A') set = 'A';
    else if (v === 102)
      continue; // FNC1
    else if (set === 'C') {
      if (v > 99) return undefined;
      out += String(v).padStart(2, '0');
    } else if (set === 'B') out += String.fromCharCode(v + 32);
    else out += String.fromCharCode(v < 64 ? v + 32 : v - 64);
  }
  return out;
}

/** Decodes the first valid CODE128 symbol in one row of dark (true) / light (false) pixels. */
export function decodeRow(dark: boolean[]): string | undefined {
  const first = dark.indexOf(true);
  if (first < 0) return undefined;
  const runs: number[] = [];
  const colours: boolean[] = [];
  for (let x = first; x < dark.length;) {
    let end = x;
    while (end < dark.length && dark[end] === dark[x]) end++;
    runs.push(end - x);
    colours.push(dark[x]!);
    x = end;
  }
  for (let i = 0; i + 6 * 4 <= runs.length; i++) {
    if (!colours[i]) continue;
    const values = symbols(runs, i);
    if (!values || values.length < 3) continue;
    const check = values[values.length - 1]!;
    const data = values.slice(0, -1);
    const sum = data.reduce((s, v, k) => s + v * (k === 0 ? 1 : k), 0);
    if (sum % 103 !== check) continue;
    const decoded = text(data);
    if (decoded !== undefined) return decoded;
  }
  return undefined;
}

/** Every distinct text found in the rows of an RGBA image (rows scanned every `step` pixels). */
export function decodeImage(rgba: Uint8ClampedArray, width: number, height: number, step = 3): string[] {
  const found = new Set<string>();
  for (let y = 0; y < height; y += step) {
    const row: boolean[] = new Array(width);
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      row[x] = 0.299 * rgba[o]! + 0.587 * rgba[o + 1]! + 0.114 * rgba[o + 2]! < 128;
    }
    const hit = decodeRow(row);
    if (hit) found.add(hit);
  }
  return [...found];
}
