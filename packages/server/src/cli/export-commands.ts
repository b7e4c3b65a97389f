// export-organisation: the operator's copy of what an organisation's administrator downloads from the
// company profile screen, built the same way (modules/backup, in the organisation's tenant transaction:
// only its rows; --documents yes adds its documents as PDFs) and written as a ZIP into --to DIR (default DATA_DIR/exports).
import { writeFile, mkdir, rename } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { type Lang, z } from '@ubo/contracts';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { inSystem, inTenant } from '../db/tenant.ts';
import { buildOrganisationExport } from '../modules/backup/index.ts';
import { clients } from '../modules/organisations/index.ts';
import { type CliArgs, CliError, one, orgCode, validate } from './cli-input.ts';
import { say } from './messages.ts';
import { writeOperatorAudit } from './operator-audit.ts';

const schema = z.object({
  code: orgCode,
  files: z.enum(['yes', 'no']).optional(),
  documents: z.enum(['yes', 'no']).optional(),
  to: z.string().trim().min(1).optional(),
});

export async function exportOrganisationCommand(db: Db, args: CliArgs, lang: Lang = 'en'): Promise<string[]> {
  const input = validate(schema, { code: one(args, 'code'), files: one(args, 'files'), documents: one(args, 'documents'), to: one(args, 'to') }, lang);
  const [client] = await inSystem(db, (tx) => tx.select({ id: clients.id, code: clients.code }).from(clients).where(eq(clients.code, input.code)));
  if (!client) throw new CliError(say('cli.orgNotFound', lang, { code: input.code }));
  const built = await inTenant(db, client.id, (tx) =>
    buildOrganisationExport({
      tx,
      clientId: client.id,
      code: client.code,
      includeFiles: input.files === 'yes',
      includeDocuments: input.documents === 'yes',
      lang,
    }),
  );
  const dir = input.to ? resolve(input.to) : join(loadConfig([]).dataDir, 'exports');
  await mkdir(dir, { recursive: true });
  const file = join(dir, built.fileName);
  await writeFile(`${file}.partial`, built.bytes, { mode: 0o600 });
  await rename(`${file}.partial`, file);
  await inSystem(db, (tx) =>
    writeOperatorAudit(tx, {
      clientId: client.id,
      action: 'create',
      entity: 'organisation-export',
      entityId: client.code,
      after: { tables: built.tables, rows: built.rows },
    }),
  );
  const size =
    built.bytes.length >= 1_048_576 ? `${(built.bytes.length / 1_048_576).toFixed(1)} MB` : `${Math.max(1, Math.round(built.bytes.length / 1024))} KB`;
  return [say('export.written', lang, { file, tables: built.tables, rows: built.rows, size })];
}
