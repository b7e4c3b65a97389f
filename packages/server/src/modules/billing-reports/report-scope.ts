// What every billing report runs with: the caller's tenant transaction, organisation and language.
import type { Lang } from '@ubo/contracts';
import type { Db } from '../../db/client.ts';

export interface ReportScope {
  tx: Db;
  clientId: number;
  lang: Lang;
}
