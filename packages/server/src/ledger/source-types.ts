// Source types the ledger itself gives meaning to. A year-end closing entry moves income and expense
// balances to retained earnings; the income statement leaves such entries out so a closed year still
// shows its result.
export const CLOSING_SOURCE_TYPE = 'closing';
export const JOURNAL_SOURCE_TYPE = 'journal';
