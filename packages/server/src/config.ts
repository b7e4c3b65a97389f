// Reads the environment once. TOKEN_SECRET, when unset, is generated on first start and kept in
// DATA_DIR (mode 0600) so tokens survive restarts without a secret ever living in the code.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export interface Config {
  port: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
  tokenSecret: string;
  tokenTtlHours: number;
  seedDemo: boolean;
  webDist?: string;
  /** Minutes between vacuum and analyze rounds on PGlite (db/maintenance.ts); 0 turns them off. */
  pgliteMaintenanceMinutes: number;
  /** Hours between automatic backups of the embedded database into DATA_DIR/backups; 0 turns them off. */
  backupEveryHours: number;
  /** How many automatic backups are kept (the oldest beyond it are removed). */
  backupKeep: number;
}

export function loadTokenSecret(dataDir: string): string {
  if (process.env.TOKEN_SECRET) return process.env.TOKEN_SECRET;
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'token-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(argv: string[] = process.argv): Config {
  const dataDir = resolve(process.env.DATA_DIR ?? './data');
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const demoFlag = argv.includes('--demo') || process.env.SEED_DEMO === '1' || process.env.SEED_DEMO === 'true';
  return {
    port: Number(process.env.PORT ?? 3000),
    host: process.env.HOST ?? '0.0.0.0',
    databaseUrl,
    dataDir,
    tokenSecret: loadTokenSecret(dataDir),
    tokenTtlHours: Number(process.env.TOKEN_TTL_HOURS ?? 8),
    // The embedded database is a try-out installation: it always gets the demo organisation.
    seedDemo: databaseUrl ? demoFlag : process.env.SEED_DEMO !== '0',
    pgliteMaintenanceMinutes: Number(process.env.PGLITE_MAINTENANCE_MINUTES ?? 60),
    backupEveryHours: Number(process.env.BACKUP_EVERY_HOURS ?? 24),
    backupKeep: Math.max(1, Math.floor(Number(process.env.BACKUP_KEEP ?? 7)) || 7),
  };
}
