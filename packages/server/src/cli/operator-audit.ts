// The operator's changes to an organisation go to that organisation's log sheet too, in the same
// transaction, so its administrators can see when their licence or a password was changed. Written
// through the audit door (writeAudit) as the operator: no user of the organisation, no address.
import type { Db } from '../db/client.ts';
import { writeAudit } from '../plugins/audit.ts';

export const OPERATOR = '(operator)';

export async function writeOperatorAudit(
  tx: Db,
  entry: { clientId: number; action: string; entity: string; entityId?: string | number | null; before?: object | null; after?: object | null },
): Promise<void> {
  const { clientId, ...line } = entry;
  await writeAudit(tx, { clientId, userId: null, username: OPERATOR, ip: null }, line);
}
