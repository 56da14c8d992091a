import { t } from '@/i18n';
import { extensionMessage, sizeMessage } from '@/renderer/widgets/upload-messages';

/**
 * The photo rules of SPEC 2.9 / 5, checked in the browser before uploading (the server checks them
 * again: server/services/upload.ts uploadRule('AI_USER_PHOTO')).
 */
export const PHOTO_EXTENSIONS = ['.png', '.jpg'];
export const PHOTO_MAX_KB = 2048;

/** The rules' messages, in the language in effect when read. */
export const PHOTO_MSG = {
  get extension() {
    return extensionMessage(PHOTO_EXTENSIONS);
  },
  get size() {
    return sizeMessage(PHOTO_MAX_KB);
  },
  get square() {
    return t('userCenter.photoSquare');
  },
  get failed() {
    return t('upload.failed');
  },
};

const extensionOf = (name: string) => name.slice(name.lastIndexOf('.')).toLowerCase();

async function isSquare(file: File): Promise<boolean> {
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return image.naturalWidth > 0 && image.naturalWidth === image.naturalHeight;
  } catch {
    return false;
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** The first rule a file breaks, or undefined. */
export async function photoProblem(file: File): Promise<string | undefined> {
  if (!PHOTO_EXTENSIONS.includes(extensionOf(file.name))) return PHOTO_MSG.extension;
  if (file.size > PHOTO_MAX_KB * 1024) return PHOTO_MSG.size;
  if (!(await isSquare(file))) return PHOTO_MSG.square;
  return undefined;
}
