// The client-side check of a company image before it is uploaded: the type the browser reports must be
// PNG, JPEG or WEBP and the size at most 2 MiB (the server checks the bytes again and answers 413 above
// the limit). Returns null when the file may be sent, else the reason as an i18n key and its values.
import { imageMimeTypes, MAX_IMAGE_BYTES } from '@ubo/contracts';

export interface ImageProblem {
  key: 'settings.images.wrongType' | 'settings.images.tooLarge';
  values: { name: string; size: string };
}

/**
 * 1572864 -> "1.5 MB" in the user's number format (MB meaning MiB, as the 2 MB limit does). Rounded up,
 * so a file just over the limit never reads as "2 MB".
 */
export function formatFileSize(bytes: number, locale: string): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 0.1) return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(Math.ceil(mb * 10) / 10)} MB`;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(Math.max(1, Math.round(bytes / 1024)))} KB`;
}

export function checkImageFile(file: { name: string; type: string; size: number }, locale = 'en-GB'): ImageProblem | null {
  const values = { name: file.name, size: formatFileSize(file.size, locale) };
  if (!(imageMimeTypes as readonly string[]).includes(file.type)) return { key: 'settings.images.wrongType', values };
  if (file.size > MAX_IMAGE_BYTES) return { key: 'settings.images.tooLarge', values };
  return null;
}
