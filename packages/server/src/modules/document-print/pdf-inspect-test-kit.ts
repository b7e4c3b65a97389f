// Test helper: looks inside a PDF the way a reader would, without a PDF library: its pages, and the
// text drawn on them (content streams inflated, pdfkit's hex-encoded WinAnsi strings decoded).
import { inflateSync } from 'node:zlib';

// pdfkit's standard fonts are WinAnsi-encoded: beside Latin-1, 0x80-0x9f hold dashes, quotes and the like.
// Bytes 0x80 to 0x9f in order; '\u0000' where WinAnsi has no character.
const WIN_ANSI_HIGH = '€\u0000‚ƒ„…†‡ˆ‰Š‹Œ\u0000Ž\u0000\u0000‘’“”•–—˜™š›œ\u0000žŸ';
const winAnsi = { decode: (bytes: Buffer) => [...bytes].map((b) => (b >= 0x80 && b <= 0x9f ? WIN_ANSI_HIGH[b - 0x80] : String.fromCharCode(b))).join('') };

/** Number of page objects (/Type /Page, not the /Pages tree). */
export function pdfPageCount(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
}

/** The text shown by every content stream, one text operation per line, in drawing order. */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const out: string[] = [];
  const streams = /stream\r?\n/g;
  for (let m = streams.exec(raw); m !== null; m = streams.exec(raw)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      content = raw.slice(start, end); // not compressed (or not a content stream)
    }
    for (const op of content.matchAll(/\[((?:<[0-9a-fA-F]*>|[-\d.\s])*)\]\s*TJ/g)) {
      const text = [...op[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => winAnsi.decode(Buffer.from(h[1], 'hex'))).join('');
      out.push(text);
    }
    streams.lastIndex = end + 'endstream'.length;
  }
  return out.join('\n');
}
