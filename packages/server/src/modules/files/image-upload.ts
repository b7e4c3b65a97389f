// An uploaded file is accepted as an image only when its bytes are a PNG, JPEG or WEBP image, under a name
// safe to echo. The route reads the multipart request (readImageUpload in files.routes.ts); this needs none.
import { fieldError } from '../../plugins/errors.ts';
import { detectImageType, extensionOf, type ImageMime } from './image-type.ts';

export interface ImageUpload {
  filename: string;
  mime: ImageMime;
  content: Buffer;
}

/** A file name safe to echo in Content-Disposition: no path, no control or quote characters. */
export function safeFilename(name: string | undefined, mime: ImageMime): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = [...base]
    .filter((ch) => {
      const code = ch.codePointAt(0) ?? 0;
      return code >= 0x20 && code !== 0x7f && !'"\\;'.includes(ch);
    })
    .join('')
    .trim()
    .slice(0, 120);
  const stem = cleaned.replace(/\.[^.]*$/, '') || 'image';
  return `${stem}.${extensionOf[mime]}`;
}

/** The uploaded bytes as an image; an empty file or one that is not an image is a field error on `file`. */
export function acceptImage(file: { filename: string | undefined; content: Buffer }): ImageUpload {
  if (file.content.length === 0) throw fieldError('file', 'file.required');
  const mime = detectImageType(file.content);
  if (!mime) throw fieldError('file', 'file.imageOnly');
  return { filename: safeFilename(file.filename, mime), mime, content: file.content };
}
