// The privilege each SMS screen needs (contracts/privileges.ts). The gateway settings also need an
// administrator: the server checks it, the settings screen shows the gateway tab to administrators only.
export const smsPrivileges = {
  send: 'send-sms',
  bill: 'bill-sms',
} as const;
