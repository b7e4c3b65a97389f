// The navbar bell's contract between modules: each module that has something waiting for a user
// contributes a provider through its index.ts; modules/routes.ts hands the list to the notifications
// module, which imports none of them (no module loop). A provider counts and lists in the caller's
// tenant transaction; `seenAt` is when the user last opened that kind in the bell (null: never), for
// kinds that count "since last seen" (bill runs finished).
import type { BellItem } from '@ubo/contracts';
import type { Db } from '../db/client.ts';
import type { Actor } from './actor.ts';

export interface BellActor extends Actor {
  /** Whether the user holds the privilege (administrators hold all). */
  can(privilege: string): boolean;
  /** When the user last marked this provider's kind as seen; null when never. */
  seenAt: Date | null;
}

export interface BellProvider {
  key: string;
  /** Whether opening the kind in the bell marks it seen (its count restarts from then). */
  marksSeen?: boolean;
  count(tx: Db, actor: BellActor): Promise<number>;
  /** The newest items (at most `limit`), each with a link into the web app. */
  items(tx: Db, actor: BellActor, limit: number): Promise<BellItem[]>;
}
