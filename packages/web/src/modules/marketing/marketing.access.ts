// The privilege each marketing screen and button needs (contracts/privileges.ts); the server checks the same.
export const marketingPrivileges = { add: 'add-marketing', list: 'list-marketing', report: 'marketing-report' } as const;
