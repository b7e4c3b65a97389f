// The privilege every e-mail screen needs (contracts/privileges.ts). The SMTP settings also need an
// administrator: the server checks it, the settings screen shows the SMTP tab to administrators only.
export const EMAIL_PRIVILEGE = 'send-email';
