// Files live in the database (bytea), never under a web root, so reading one is a tenant query that
// row-level security confines to the caller's organisation.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { files } from './files.tables.ts';

export async function storeFile(opts: {
  tx: Db;
  clientId: number;
  userId: number;
  purpose: string;
  filename: string;
  mime: string;
  content: Buffer;
}): Promise<{ id: string; filename: string; mime: string; size: number }> {
  const { tx, clientId, userId, purpose, filename, mime, content } = opts;
  const id = randomUUID();
  await tx.insert(files).values({ id, clientId, purpose, filename, mime, size: content.length, content, createdBy: userId });
  return { id, filename, mime, size: content.length };
}

export async function deleteFile(opts: { tx: Db; id: string }): Promise<void> {
  await opts.tx.delete(files).where(eq(files.id, opts.id));
}

/** The file with its content, or undefined when it is not the caller's organisation's (or does not exist). */
export async function readFile(opts: { tx: Db; id: string }) {
  const [row] = await opts.tx.select().from(files).where(eq(files.id, opts.id));
  return row;
}
