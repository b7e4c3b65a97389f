// Who does a piece of work: built once where the tenant transaction opens (a request, the operator command
// line, the demo seed, a background job) and passed to services, so no service needs the HTTP request.
import type { Lang } from '@ubo/contracts';

export interface Actor {
  clientId: number;
  userId: number;
  username: string;
  /** The person's display name, for documents that carry who made them (journal entries). */
  fullname: string;
  isAdmin: boolean;
  /** The person's branch, which the journal entries they post carry (null or absent: none). */
  branchId?: number | null;
  /** The caller's address for the log sheet; '' for work no address started (jobs, the command line). */
  ip: string;
  lang: Lang;
}

/** An actor for work the system does on someone's behalf (a job, the operator command line, the seed). */
export function systemActor(fields: { clientId: number; userId: number; username: string; fullname?: string; lang?: Lang; isAdmin?: boolean }): Actor {
  return {
    clientId: fields.clientId,
    userId: fields.userId,
    username: fields.username,
    fullname: fields.fullname ?? fields.username,
    isAdmin: fields.isAdmin ?? false,
    ip: '',
    lang: fields.lang ?? 'en',
  };
}
