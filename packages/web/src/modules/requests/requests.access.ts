// The privilege each requests screen and button needs (contracts/privileges.ts); the server checks the same.
export const requestsPrivileges = {
  add: 'add-request',
  list: 'list-request',
  firstApprove: 'first-approve-request',
  approve: 'approve-request',
  report: 'request-report',
  pay: 'pay-request',
} as const;
