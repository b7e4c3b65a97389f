// Reads the one file of a multipart request (any field name; `file` by convention) and accepts it only
// when its bytes are a PNG, JPEG or WEBP image. The multipart limit (2 MiB) answers larger files with 413.
import type { FastifyRequest } from 'fastify';
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

export async function readImageUpload(req: FastifyRequest): Promise<ImageUpload> {
  if (!req.isMultipart()) throw fieldError('file', 'file.required');
  const part = await req.file();
  if (!part) throw fieldError('file', 'file.required');
  const content = await part.toBuffer();
  if (content.length === 0) throw fieldError('file', 'file.required');
  const mime = detectImageType(content);
  if (!mime) throw fieldError('file', 'file.imageOnly');
  return { filename: safeFilename(part.filename, mime), mime, content };
}
