// The routes side of printing (it reads the reply), kept here so every module sends its PDFs alike.
// Sending a drawn PDF: inline (opened in the browser's viewer) or as a download, never cached, and
// drawing stops when the browser goes away.
import type { FastifyReply } from 'fastify';

/** Aborts when the response closes (sent, or the client went away first), so drawing stops. */
export function responseClosed(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => controller.abort());
  return controller.signal;
}

/** A file name of plain ASCII letters, digits and dashes. */
const safeName = (name: string) => name.replace(/[^A-Za-z0-9-]+/g, '-');

export function sendPdf(reply: FastifyReply, doc: NodeJS.ReadableStream, filename: string, disposition: 'inline' | 'attachment' = 'inline') {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `${disposition}; filename="${safeName(filename)}.pdf"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(doc);
}
