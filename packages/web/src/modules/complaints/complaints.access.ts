// The privilege each complaints screen and button needs (contracts/privileges.ts); the server checks the same.
export const complaintsPrivileges = {
  add: 'add-complaint',
  list: 'list-complaint',
  manage: 'manage-complaints',
  topics: 'complaint-topics',
  report: 'complaint-report',
} as const;
