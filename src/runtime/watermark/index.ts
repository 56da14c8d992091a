/**
 * The watermark over the pages (SPEC 1, 4, 9): employee number and real name, drawn on a 400×400
 * canvas in a 20px font, tiled every 320px at opacity 0.1, above everything (z-index 2000) and
 * transparent to the mouse. It restores itself when removed or altered (devtools).
 * The text is black on the light theme and white on the dark one (issue 20.6): at opacity 0.1 black
 * vanishes on a dark page, white on a light one.
 */
export const WATERMARK = {
  canvas: 400,
  fontPx: 20,
  opacity: 0.1,
  tilePx: 320,
  zIndex: 2000,
  angleDeg: -20,
} as const;

/** The text drawn: employee number and real name. */
export function watermarkText(profile: { employeeNumber?: string; realName?: string } | undefined): string {
  return [profile?.employeeNumber, profile?.realName].filter(Boolean).join(' ');
}

/** The layer's inline style, re-applied whenever someone changes it. */
export function watermarkStyle(image: string): string {
  return [
    'position:fixed',
    'inset:0',
    `z-index:${WATERMARK.zIndex}`,
    'pointer-events:none',
    `opacity:${WATERMARK.opacity}`,
    `background-image:url("${image}")`,
    'background-repeat:repeat',
    `background-size:${WATERMARK.tilePx}px ${WATERMARK.tilePx}px`,
    'display:block',
    'visibility:visible',
  ].join(';');
}

/** The text's colour per theme: the opposite end of the page's background. */
export const WATERMARK_INK = { light: '#000', dark: '#fff' } as const;
export type WatermarkTone = keyof typeof WATERMARK_INK;

function drawTile(doc: Document, text: string, tone: WatermarkTone): string {
  const canvas = doc.createElement('canvas');
  canvas.width = WATERMARK.canvas;
  canvas.height = WATERMARK.canvas;
  const ctx = canvas.getContext('2d');
  if (!ctx) return '';
  ctx.translate(WATERMARK.canvas / 2, WATERMARK.canvas / 2);
  ctx.rotate((WATERMARK.angleDeg * Math.PI) / 180);
  ctx.font = `${WATERMARK.fontPx}px "PingFang SC", "Microsoft YaHei", sans-serif`;
  ctx.fillStyle = WATERMARK_INK[tone];
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, 0, 0);
  return canvas.toDataURL('image/png');
}

export interface Watermark {
  destroy(): void;
}

/** Puts the watermark layer into `parent` (default: body) until destroy() is called. */
export function mountWatermark(
  text: string,
  parent: HTMLElement = document.body,
  tone: WatermarkTone = 'light',
): Watermark {
  const doc = parent.ownerDocument;
  const style = watermarkStyle(drawTile(doc, text, tone));
  let layer = doc.createElement('div');
  let observer: MutationObserver | undefined;

  const build = () => {
    layer = doc.createElement('div');
    layer.setAttribute('data-watermark', text);
    layer.setAttribute('aria-hidden', 'true');
    layer.setAttribute('style', style);
    parent.appendChild(layer);
  };

  const guard = () => {
    observer?.disconnect();
    observer = new MutationObserver(() => {
      const removed = !layer.isConnected || layer.parentElement !== parent;
      const altered =
        layer.getAttribute('style') !== style ||
        layer.getAttribute('data-watermark') !== text ||
        layer.childNodes.length > 0 ||
        layer.attributes.length !== 3;
      if (!removed && !altered) return;
      observer?.disconnect();
      layer.remove();
      build();
      guard();
    });
    observer.observe(parent, { childList: true });
    observer.observe(layer, { attributes: true, childList: true, characterData: true, subtree: true });
  };

  build();
  guard();
  return {
    destroy() {
      observer?.disconnect();
      observer = undefined;
      layer.remove();
    },
  };
}
