// Recognises the files a journal entry may carry by their bytes and structure, never by the name or
// the declared content type (both come from the browser): PDF (header and end-of-file marker), PNG,
// JPEG and WEBP (magic bytes), XLSX (a ZIP whose central directory lists a workbook) and CSV (text
// without control characters, quotes balanced, not markup).
import type { TransactionFileMime } from '@ubo/contracts';
import { detectImageType } from '../files/index.ts';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const extensionOfAttachment: Record<TransactionFileMime, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'text/csv': 'csv',
  [XLSX_MIME]: 'xlsx',
};

function isPdf(buf: Buffer): boolean {
  if (buf.length < 16 || buf.toString('latin1', 0, 5) !== '%PDF-') return false;
  // The end-of-file marker sits in the last kilobyte (writers may add a newline or a little padding).
  return buf.toString('latin1', Math.max(0, buf.length - 1024)).includes('%%EOF');
}

/** File names in a ZIP's central directory, or null when the bytes are not a well-formed ZIP. */
export function zipEntryNames(buf: Buffer): string[] | null {
  if (buf.length < 22 || buf.readUInt32LE(0) !== 0x04034b50) return null;
  // End of central directory: 22 bytes plus a comment of at most 65535 bytes, at the very end.
  let eocd = -1;
  for (let at = buf.length - 22; at >= Math.max(0, buf.length - 22 - 0xffff); at -= 1) {
    if (buf.readUInt32LE(at) === 0x06054b50) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = buf.readUInt16LE(eocd + 10);
  const size = buf.readUInt32LE(eocd + 12);
  const offset = buf.readUInt32LE(eocd + 16);
  if (offset + size > eocd) return null;
  const names: string[] = [];
  let at = offset;
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > eocd || buf.readUInt32LE(at) !== 0x02014b50) return null;
    const nameLength = buf.readUInt16LE(at + 28);
    const extraLength = buf.readUInt16LE(at + 30);
    const commentLength = buf.readUInt16LE(at + 32);
    if (at + 46 + nameLength > eocd) return null;
    names.push(buf.toString('utf8', at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

function isXlsx(buf: Buffer): boolean {
  const names = zipEntryNames(buf);
  return (names?.includes('[Content_Types].xml') ?? false) && (names?.includes('xl/workbook.xml') ?? false);
}

/**
 * A CSV: text (UTF-8 or a single-byte code page such as Windows-1252, as spreadsheets export it) with
 * no control characters but tab, CR and LF, double quotes balanced, a header line of at least two
 * fields (comma, semicolon or tab outside quotes), and not an HTML, XML or SVG document wearing a .csv
 * name. Prose in a text file is not a table.
 */
function isCsv(buf: Buffer): boolean {
  if (buf.length === 0) return false;
  const start = buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf ? 3 : 0;
  let quotes = 0;
  let hasContent = false;
  for (let i = start; i < buf.length; i += 1) {
    const b = buf[i];
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) return false;
    if (b === 0x7f) return false;
    if (b === 0x22) quotes += 1;
    if (b > 0x20) hasContent = true;
  }
  if (!hasContent || quotes % 2 !== 0) return false;
  const head = buf
    .toString('latin1', start, Math.min(buf.length, start + 512))
    .trimStart()
    .toLowerCase();
  if (head.startsWith('<') || head.startsWith('%pdf') || head.includes('<script') || head.includes('<html')) return false;
  return hasTwoFields(buf, start);
}

/** Whether the first non-empty line has a delimiter outside double quotes (a quoted field may span lines). */
function hasTwoFields(buf: Buffer, start: number): boolean {
  let isQuoted = false;
  let isLineEmpty = true;
  for (let i = start; i < buf.length; i += 1) {
    const b = buf[i];
    if (b === 0x22) isQuoted = !isQuoted;
    if (isQuoted) {
      isLineEmpty = false;
      continue;
    }
    if (b === 0x0a || b === 0x0d) {
      if (!isLineEmpty) return false;
      continue;
    }
    if (b === 0x2c || b === 0x3b || b === 0x09) return true;
    if (b !== 0x20) isLineEmpty = false;
  }
  return false;
}

export function detectAttachmentType(buf: Buffer): TransactionFileMime | null {
  if (isPdf(buf)) return 'application/pdf';
  const image = detectImageType(buf);
  if (image) return image;
  if (buf.length >= 4 && buf.readUInt32LE(0) === 0x04034b50) return isXlsx(buf) ? XLSX_MIME : null;
  if (isCsv(buf)) return 'text/csv';
  return null;
}

/** A file name safe to echo in Content-Disposition, with the extension of the real type. */
export function attachmentFilename(name: string | undefined, mime: TransactionFileMime): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = [...base]
    .filter((ch) => {
      const code = ch.codePointAt(0) ?? 0;
      return code >= 0x20 && code !== 0x7f && !'"\\;'.includes(ch);
    })
    .join('')
    .trim()
    .slice(0, 120);
  const stem = cleaned.replace(/\.[^.]*$/, '') || 'attachment';
  return `${stem}.${extensionOfAttachment[mime]}`;
}
