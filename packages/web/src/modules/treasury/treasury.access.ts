// The privilege each treasury screen and action needs (contracts/privileges.ts). Routes guard with these
// and the screens enable their buttons with the same keys. Reopening a closed period also needs an
// administrator (the server checks it; the screen hides the button from others).
export const treasuryPrivileges = {
  transfer: 'transfer-balance',
  cheque: 'write-check',
  closing: 'list-closing-accounts',
  /** Open a journal entry (the link from a transfer, cheque or closing) and add or remove its files. */
  journal: 'general-journal',
  /** With `journal`, either one lets a user read an entry's attached files. */
  journalReport: 'journal-report',
} as const;
