// SMS templates, sending, gateway settings and the SMS report: every message the server sends, in English and Somali.
export const smsMessages = {
  'sms.unknownPlaceholder': {
    en: 'Unknown placeholder {{n}}. Use {name}, {customerNo}, {period}, {consumption}, {amount}, {balance}, {dueDate}, {shortCode}, {company} or {currency}.',
    so: 'Meel-buuxiye aan la aqoon {{n}}. Isticmaal {name}, {customerNo}, {period}, {consumption}, {amount}, {balance}, {dueDate}, {shortCode}, {company} ama {currency}.',
  },
  'sms.invalidPhone': {
    en: 'This is not a Somali phone number that can receive SMS, for example 0615123456 or +252615123456.',
    so: 'Kani maaha lambar taleefan Soomaaliyeed oo SMS heli kara, tusaale 0615123456 ama +252615123456.',
  },
  'sms.runOrPeriod': { en: 'Choose a bill run, or a period.', so: 'Dooro wareeg biil, ama muddo.' },
  'sms.urlRequired': {
    en: 'Enter the gateway address to send through an HTTP gateway.',
    so: 'Geli cinwaanka albaabka (gateway) si loogu diro albaab HTTP ah.',
  },
  'sms.headerName': {
    en: 'Enter a header name such as Authorization (letters, digits and hyphens, no spaces).',
    so: "Geli magac madax (header) sida Authorization (xarfo, tirooyin iyo xarriiqyo, meel bannaan la'aan).",
  },
  'sms.adminOnly': {
    en: 'Only an administrator can change or test the SMS gateway.',
    so: 'Maamule keliya ayaa beddeli kara ama tijaabin kara albaabka SMS-ka.',
  },
  'sms.notFailed': {
    en: 'Only a message that failed can be sent again.',
    so: 'Fariin fashilantay oo keliya ayaa mar kale la diri karaa.',
  },
  'sms.customerInactive': { en: 'This customer is inactive.', so: 'Macmiilkan waa la joojiyay.' },
  'sms.gatewayAddress': {
    en: 'This gateway address is on a private, local or reserved network and cannot be used. Enter the public address of your SMS provider.',
    so: 'Cinwaankan albaabku wuxuu ku yaal shabakad gaar ah, maxalli ah ama xafidan, lama isticmaali karo. Geli cinwaanka dadweynaha ee bixiyahaaga SMS-ka.',
  },
} as const satisfies Record<string, { en: string; so: string }>;
