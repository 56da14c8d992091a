import { isEnglish, t } from '@/i18n';

/**
 * The upload rules' messages (SPEC 5 'Image upload'), in the language in effect: the file types listed
 * as the language lists them (.png、.jpg; .png, .jpg).
 */
export const extensionMessage = (extensions: string[]): string =>
  t('upload.extension', { extensions: extensions.join(isEnglish() ? ', ' : '、') });

export const sizeMessage = (kb: number): string => t('upload.size', { kb });
