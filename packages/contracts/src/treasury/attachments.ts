// Files attached to journal entries (receipts, bank slips, statements):
// POST /api/finance/upload-transaction-files (multipart entryId + file),
// GET /api/finance/get-transaction-files?entryId=, GET /api/finance/transaction-files/:id,
// DELETE /api/finance/remove-transaction-file/:id.
import { z } from '../common/validation.ts';
import { entryId, journalEntry } from '../finance/journal.ts';

export const transactionFileMimes = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/webp',
  'text/csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
] as const;
export type TransactionFileMime = (typeof transactionFileMimes)[number];

/** Largest file accepted, in bytes (2 MiB). */
export const TRANSACTION_FILE_MAX_BYTES = 2 * 1024 * 1024;
/** Most files one entry may carry. */
export const TRANSACTION_FILES_PER_ENTRY = 20;

/** Read and download by the attachment id; the stored file's own id is not exposed (GET /api/files/:id would serve it to any user). */
export const transactionFile = z.object({
  id: z.number().int(),
  entryId: z.number().int(),
  filename: z.string(),
  mime: z.enum(transactionFileMimes),
  size: z.number().int(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type TransactionFile = z.infer<typeof transactionFile>;

export const transactionFilesQuery = z.object({ entryId });
export const transactionFileList = z.object({ data: z.array(transactionFile) });
export type TransactionFileList = z.infer<typeof transactionFileList>;
export const transactionFileParams = z.object({ id: z.coerce.number().int().positive().max(2147483647) });

/** A journal entry another one reverses or is reversed by: its id and display number. */
export const entryLink = z.object({ id: z.number().int(), number: z.string(), date: z.string() });
export type EntryLink = z.infer<typeof entryLink>;

/**
 * GET /api/finance/view/:id (the spec's finance/view): one journal entry as its page shows it: lines with
 * accounts and parties by name, the attached files, and the entries it reverses or is reversed by.
 */
export const journalEntryView = journalEntry.extend({
  attachments: z.array(transactionFile),
  reverses: entryLink.nullable(),
  reversedBy: entryLink.nullable(),
});
export type JournalEntryView = z.infer<typeof journalEntryView>;
