// The operator's changes to an organisation go to that organisation's log sheet too, in the same
// transaction, so its administrators can see when their licence or a password was changed.
import type { Db } from '../db/client.ts';
import { auditLog } from '../modules/audit-log/audit-log.tables.ts';

export const OPERATOR = '(operator)';

export async function writeOperatorAudit(
  tx: Db,
  entry: { clientId: number; action: string; entity: string; entityId?: string | number | null; before?: object | null; after?: object | null },
): Promise<void> {
  await tx.insert(auditLog).values({
    clientId: entry.clientId,
    userId: null,
    username: OPERATOR,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: null,
  });
}
