import { decodeImage } from './print-code128';

/**
 * Reading the PDFs Chromium prints: text per page and page images, with pdf.js (its legacy build runs
 * on Node 20; @napi-rs/canvas, its optional dependency, draws the pages).
 */
type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjs: Promise<PdfJs> | undefined;
const lib = () => (pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs'));

/**
 * Fonts map some glyphs to CJK radicals in their ToUnicode tables (页 comes out as ⻚): NFKC folds
 * the Kangxi radicals, this table the few supplement radicals NFKC leaves alone.
 */
const RADICALS: Record<string, string> = {
  '⻚': '页',
  '⻓': '长',
  '⻔': '门',
  '⻋': '车',
  '⻅': '见',
  '⻉': '贝',
  '⻜': '飞',
  '⻢': '马',
};
export const normalise = (s: string) =>
  s
    .normalize('NFKC')
    .replace(/[⺀-⻿]/g, (c) => RADICALS[c] ?? c)
    .replace(/\s+/g, '');

async function open(pdf: Buffer) {
  const { getDocument } = await lib();
  return getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
}

/** The text of every page, whitespace removed, radicals folded. */
export async function pageTexts(pdf: Buffer): Promise<string[]> {
  const doc = await open(pdf);
  const texts: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    texts.push(normalise(content.items.map((item) => ('str' in item ? item.str : '')).join('')));
  }
  await doc.destroy();
  return texts;
}

/** One page drawn at `scale` × 72 dpi: RGBA pixels, and a PNG to look at. */
export async function renderPage(pdf: Buffer, pageNo = 1, scale = 4) {
  const doc = await open(pdf);
  const page = await doc.getPage(pageNo);
  const viewport = page.getViewport({ scale });
  const factory = doc.canvasFactory as {
    create(
      w: number,
      h: number,
    ): { canvas: { toBuffer(type: string): Buffer }; context: CanvasRenderingContext2D };
  };
  const { canvas, context } = factory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
  await page.render({ canvasContext: context, viewport, canvas: canvas as unknown as HTMLCanvasElement })
    .promise;
  const width = Math.ceil(viewport.width);
  const height = Math.ceil(viewport.height);
  const { data } = context.getImageData(0, 0, width, height);
  const png = canvas.toBuffer('image/png');
  await doc.destroy();
  return { rgba: data, width, height, png };
}

/** The texts of the CODE128 barcodes printed on a page. */
export async function pageBarcodes(pdf: Buffer, pageNo = 1): Promise<string[]> {
  const { rgba, width, height } = await renderPage(pdf, pageNo);
  return decodeImage(rgba, width, height);
}

/** Pages of a PDF (the /Type /Page objects). */
export async function pageCount(pdf: Buffer): Promise<number> {
  const doc = await open(pdf);
  const n = doc.numPages;
  await doc.destroy();
  return n;
}
