// Public surface of the treasury module: its routes, and the postings other modules or reports may
// want to recognise (source types of transfers and cheques).
export { treasuryRoutes } from './treasury.routes.ts';
export { CHEQUE_SOURCE_TYPE, TRANSFER_SERIES, TRANSFER_SOURCE_TYPE } from './treasury.posting.ts';
export { attachmentFilename, detectAttachmentType } from './attachment-type.ts';
export {
  attachTransactionFile,
  listTransactionFiles,
  readTransactionFile,
  removeTransactionFile,
  type AttachmentUpload,
} from './transaction-files.ts';
