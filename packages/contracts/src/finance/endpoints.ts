// Finance endpoints: the chart of accounts (/api/finance/accounts), the general journal
// (/api/finance/transaction, /api/finance/parties), the ledger reports (journal, trial balance, income
// statement, balance sheet, account transaction) and the organisation's money limits
// (/api/finance/amount-limits).
import { endpoint } from '../common/endpoint.ts';
import { okResponse } from '../common/validation.ts';
import { account, accountBody, accountIdParams, accountListQuery, accountPage, accountStatusBody } from './accounts.ts';
import { amountLimits, amountLimitsBody } from './amount-limits.ts';
import { entryIdParams, journalBody, journalEntry, journalListQuery, journalPage, journalReportPage, reverseBody } from './journal.ts';
import { ledgerParties, ledgerPartiesQuery } from './parties.ts';
import {
  accountStatement,
  accountStatementQuery,
  balanceSheet,
  balanceSheetQuery,
  incomeStatement,
  incomeStatementQuery,
  trialBalance,
  trialBalanceQuery,
} from './reports.ts';

export const financeEndpoints = {
  // Chart of accounts
  accounts: endpoint({ method: 'GET', path: '/api/finance/accounts', query: accountListQuery, response: accountPage }),
  account: endpoint({ method: 'GET', path: '/api/finance/accounts/:id', params: accountIdParams, response: account }),
  createAccount: endpoint({ method: 'POST', path: '/api/finance/accounts', body: accountBody, response: account, status: 201 }),
  updateAccount: endpoint({ method: 'PUT', path: '/api/finance/accounts/:id', params: accountIdParams, body: accountBody, response: account }),
  setAccountStatus: endpoint({
    method: 'PATCH',
    path: '/api/finance/accounts/:id/status',
    params: accountIdParams,
    body: accountStatusBody,
    response: account,
  }),
  removeAccount: endpoint({ method: 'DELETE', path: '/api/finance/accounts/:id', params: accountIdParams, response: okResponse }),
  // General journal (postings honour an Idempotency-Key header)
  postEntry: endpoint({ method: 'POST', path: '/api/finance/transaction', body: journalBody, response: journalEntry, status: 201 }),
  entries: endpoint({ method: 'GET', path: '/api/finance/transaction', query: journalListQuery, response: journalPage }),
  /** The journal's party picker: customers by name or number. */
  parties: endpoint({ method: 'GET', path: '/api/finance/parties', query: ledgerPartiesQuery, response: ledgerParties }),
  entry: endpoint({ method: 'GET', path: '/api/finance/transaction/:id', params: entryIdParams, response: journalEntry }),
  reverseEntry: endpoint({
    method: 'POST',
    path: '/api/finance/transaction/:id/reverse',
    params: entryIdParams,
    body: reverseBody,
    response: journalEntry,
    status: 201,
  }),
  // Reports
  journalReport: endpoint({ method: 'GET', path: '/api/finance/reports/journal', query: journalListQuery, response: journalReportPage }),
  trialBalance: endpoint({ method: 'GET', path: '/api/finance/reports/trial-balance', query: trialBalanceQuery, response: trialBalance }),
  incomeStatement: endpoint({ method: 'GET', path: '/api/finance/incomestatement', query: incomeStatementQuery, response: incomeStatement }),
  balanceSheet: endpoint({ method: 'GET', path: '/api/finance/balancesheet', query: balanceSheetQuery, response: balanceSheet }),
  accountStatement: endpoint({ method: 'GET', path: '/api/finance/reports/account-transaction', query: accountStatementQuery, response: accountStatement }),
};

/** Read by every signed-in user (the money forms ask above the threshold); changed under company-profile. */
export const amountLimitsEndpoints = {
  get: endpoint({ method: 'GET', path: '/api/finance/amount-limits', response: amountLimits }),
  update: endpoint({ method: 'PUT', path: '/api/finance/amount-limits', body: amountLimitsBody, response: amountLimits }),
};
