// The backup file: a plain tar (readable with `tar tf`) of two members, manifest.json first, then the
// database itself (database.tar.gz: PGlite's data directory; database.pgdump: pg_dump's custom format).
// The manifest carries the payload's size and SHA-256, so a cut-off or altered file is refused before
// anything is restored. Written to a temporary name and renamed when complete.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, rename, rm, stat } from 'node:fs/promises';
import type { BackupManifest } from './manifest.ts';

export class BackupFileError extends Error {
  constructor(
    readonly key: 'backup.fileMissing' | 'backup.notABackup' | 'backup.truncated' | 'backup.checksum',
    readonly values: Record<string, string | number> = {},
  ) {
    super(key);
  }
}

const BLOCK = 512;
const padded = (size: number) => Math.ceil(size / BLOCK) * BLOCK;

function tarHeader(name: string, size: number, mtime: Date): Buffer {
  const h = Buffer.alloc(BLOCK, 0);
  const field = (offset: number, length: number, value: string) => h.write(value, offset, length, 'ascii');
  const octal = (offset: number, length: number, value: number) => field(offset, length, `${value.toString(8).padStart(length - 1, '0')}\0`);
  field(0, 100, name);
  octal(100, 8, 0o644);
  octal(108, 8, 0);
  octal(116, 8, 0);
  octal(124, 12, size);
  octal(136, 12, Math.floor(mtime.getTime() / 1000));
  field(148, 8, '        ');
  field(156, 1, '0');
  field(257, 6, 'ustar\0');
  field(263, 2, '00');
  let sum = 0;
  for (const byte of h) sum += byte;
  field(148, 8, `${sum.toString(8).padStart(6, '0')}\0 `);
  return h;
}

function parseHeader(h: Buffer): { name: string; size: number } | null {
  if (h.subarray(257, 262).toString('ascii') !== 'ustar') return null;
  const name = h.subarray(0, 100).toString('ascii').replace(/\0.*$/s, '');
  const size = Number.parseInt(h.subarray(124, 136).toString('ascii').replace(/\0.*$/s, '').trim(), 8);
  if (!name || !Number.isSafeInteger(size)) return null;
  return { name, size };
}

/** SHA-256 (hex) of a file's bytes from offset, length bytes. */
export function sha256Of(path: string, start = 0, length?: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    const end = length === undefined ? undefined : start + length - 1;
    if (length === 0) return resolve(hash.digest('hex'));
    createReadStream(path, { start, end })
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}

/**
 * Writes manifest + payload (bytes in memory, or a file streamed in) as `target`: to target + '.partial'
 * first, renamed only when complete and flushed, so a backup interrupted half-way never looks finished.
 */
export async function writeBackupFile(target: string, manifest: BackupManifest, payload: { name: string; bytes?: Uint8Array; file?: string }): Promise<void> {
  const partial = `${target}.partial`;
  const now = new Date(manifest.createdAt);
  const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`, 'utf8');
  const handle = await open(partial, 'w', 0o600);
  try {
    let position = 0;
    const write = async (bytes: Uint8Array) => {
      await handle.write(bytes, 0, bytes.length, position);
      position += bytes.length;
    };
    const pad = async (size: number) => {
      if (padded(size) > size) await write(Buffer.alloc(padded(size) - size, 0));
    };
    await write(tarHeader('manifest.json', manifestBytes.length, now));
    await write(manifestBytes);
    await pad(manifestBytes.length);
    await write(tarHeader(payload.name, manifest.payload.bytes, now));
    if (payload.bytes) await write(payload.bytes);
    else if (payload.file) {
      for await (const chunk of createReadStream(payload.file)) await write(chunk as Buffer);
    }
    await pad(manifest.payload.bytes);
    await write(Buffer.alloc(BLOCK * 2, 0)); // end of archive
    await handle.sync();
  } catch (err) {
    await handle.close();
    await rm(partial, { force: true });
    throw err;
  }
  await handle.close();
  await rename(partial, target);
}

export interface OpenedBackup {
  path: string;
  manifest: BackupManifest;
  payloadName: string;
  payloadOffset: number;
  payloadSize: number;
}

/** Reads a backup's manifest and checks the file is whole: the payload's size and SHA-256 as recorded. */
export async function openBackupFile(path: string): Promise<OpenedBackup> {
  const info = await stat(path).catch(() => null);
  if (!info?.isFile()) throw new BackupFileError('backup.fileMissing', { file: path });
  const handle = await open(path, 'r');
  let opened: OpenedBackup;
  try {
    const readAt = async (position: number, length: number) => {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, position);
      return buffer.subarray(0, bytesRead);
    };
    const first = parseHeader(await readAt(0, BLOCK));
    if (first?.name !== 'manifest.json' || first.size > 50_000_000) throw new BackupFileError('backup.notABackup', { file: path });
    const manifestBytes = await readAt(BLOCK, first.size);
    if (manifestBytes.length < first.size) throw new BackupFileError('backup.truncated', { file: path });
    let manifest: BackupManifest;
    try {
      manifest = JSON.parse(manifestBytes.toString('utf8')) as BackupManifest;
    } catch {
      throw new BackupFileError('backup.notABackup', { file: path });
    }
    if (manifest?.format !== 'ubo-backup' || !manifest.payload || typeof manifest.payload.sha256 !== 'string') {
      throw new BackupFileError('backup.notABackup', { file: path });
    }
    const secondAt = BLOCK + padded(first.size);
    const second = parseHeader(await readAt(secondAt, BLOCK));
    if (!second) throw new BackupFileError(info.size <= secondAt ? 'backup.truncated' : 'backup.notABackup', { file: path });
    const payloadOffset = secondAt + BLOCK;
    if (second.size !== manifest.payload.bytes || info.size < payloadOffset + second.size) throw new BackupFileError('backup.truncated', { file: path });
    opened = { path, manifest, payloadName: second.name, payloadOffset, payloadSize: second.size };
  } finally {
    await handle.close();
  }
  const sum = await sha256Of(path, opened.payloadOffset, opened.payloadSize);
  if (sum !== opened.manifest.payload.sha256) throw new BackupFileError('backup.checksum', { file: path });
  return opened;
}

/** The payload's bytes (PGlite's tarball, loaded into memory by PGlite anyway). */
export async function readPayload(backup: OpenedBackup): Promise<Buffer> {
  const handle = await open(backup.path, 'r');
  try {
    const buffer = Buffer.alloc(backup.payloadSize);
    await handle.read(buffer, 0, backup.payloadSize, backup.payloadOffset);
    return buffer;
  } finally {
    await handle.close();
  }
}

/** The payload copied out to a file of its own (pg_restore reads a file). */
export async function extractPayload(backup: OpenedBackup, target: string): Promise<void> {
  const handle = await open(target, 'w', 0o600);
  try {
    let position = 0;
    for await (const chunk of createReadStream(backup.path, { start: backup.payloadOffset, end: backup.payloadOffset + backup.payloadSize - 1 })) {
      await handle.write(chunk as Buffer, 0, (chunk as Buffer).length, position);
      position += (chunk as Buffer).length;
    }
  } finally {
    await handle.close();
  }
}
