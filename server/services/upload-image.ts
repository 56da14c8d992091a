/**
 * Recognises an image by its bytes, not its name, and reads its size from the header.
 * Covers what the console accepts: PNG, JPEG, GIF and WebP. Anything else (or a truncated header)
 * is not an image.
 */
export interface ImageInfo {
  mime: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';
  /** Extensions a file of this type may carry. */
  extensions: string[];
  width: number;
  height: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function png(buf: Buffer): ImageInfo | undefined {
  if (buf.length < 24 || !buf.subarray(0, 8).equals(PNG_SIGNATURE)) return undefined;
  if (buf.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  return {
    mime: 'image/png',
    extensions: ['.png'],
    width: buf.readUInt32BE(16),
    height: buf.readUInt32BE(20),
  };
}

/** Walks the JPEG segments to the first start-of-frame marker, which holds the size. */
function jpeg(buf: Buffer): ImageInfo | undefined {
  if (buf.length < 4 || buf[0] !== 0xff || buf[1] !== 0xd8 || buf[2] !== 0xff) return undefined;
  let i = 2;
  while (i + 3 < buf.length) {
    if (buf[i] !== 0xff) return undefined;
    const marker = buf[i + 1]!;
    if (marker === 0xff) {
      i += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2; // markers without a length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return undefined; // end of image or scan data before a frame
    const length = buf.readUInt16BE(i + 2);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (i + 9 > buf.length) return undefined;
      return {
        mime: 'image/jpeg',
        extensions: ['.jpg', '.jpeg'],
        height: buf.readUInt16BE(i + 5),
        width: buf.readUInt16BE(i + 7),
      };
    }
    i += 2 + length;
  }
  return undefined;
}

function gif(buf: Buffer): ImageInfo | undefined {
  const head = buf.toString('latin1', 0, 6);
  if (buf.length < 10 || (head !== 'GIF87a' && head !== 'GIF89a')) return undefined;
  return { mime: 'image/gif', extensions: ['.gif'], width: buf.readUInt16LE(6), height: buf.readUInt16LE(8) };
}

function webp(buf: Buffer): ImageInfo | undefined {
  if (
    buf.length < 30 ||
    buf.toString('latin1', 0, 4) !== 'RIFF' ||
    buf.toString('latin1', 8, 12) !== 'WEBP'
  ) {
    return undefined;
  }
  const kind = buf.toString('latin1', 12, 16);
  const info = (width: number, height: number): ImageInfo => ({
    mime: 'image/webp',
    extensions: ['.webp'],
    width,
    height,
  });
  if (kind === 'VP8X') return info(1 + buf.readUIntLE(24, 3), 1 + buf.readUIntLE(27, 3));
  if (kind === 'VP8L') {
    const bits = buf.readUInt32LE(21);
    return info(1 + (bits & 0x3fff), 1 + ((bits >> 14) & 0x3fff));
  }
  if (kind === 'VP8 ') return info(buf.readUInt16LE(26) & 0x3fff, buf.readUInt16LE(28) & 0x3fff);
  return undefined;
}

export function sniffImage(buf: Buffer): ImageInfo | undefined {
  const info = png(buf) ?? jpeg(buf) ?? gif(buf) ?? webp(buf);
  return info && info.width > 0 && info.height > 0 ? info : undefined;
}
