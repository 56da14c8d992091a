/**
 * The photo rules of SPEC 2.9 / 5, checked in the browser before uploading (the server checks them
 * again: server/services/upload.ts uploadRule('AI_USER_PHOTO')).
 */
export const PHOTO_EXTENSIONS = ['.png', '.jpg'];
export const PHOTO_MAX_KB = 2048;

export const PHOTO_MSG = {
  extension: `仅限上传 ${PHOTO_EXTENSIONS.join('、')} 后缀的文件`,
  size: `上传文件大小不能超过 ${PHOTO_MAX_KB} KB!`,
  square: '需上传长宽比为1:1的图片',
  failed: '上传失败',
} as const;

/** SPEC 2.9 photo hint. */
export const PHOTO_HINT =
  '请上传本人近期正面免冠照片：纯色背景、无美颜滤镜、无遮挡、正脸清晰、无浓妆、仅限单人';

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
