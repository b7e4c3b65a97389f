// E-mail settings, sending and the e-mail report: every message the server sends, in English and Somali.
export const emailMessages = {
  'email.unknownPlaceholder': {
    en: 'Unknown placeholder {{n}}. Use {name}, {customerNo}, {balance}, {company}, {currency}, {documentNo}, {amount}, {date}, {period} or {dueDate}.',
    so: 'Meel-buuxiye aan la aqoon {{n}}. Isticmaal {name}, {customerNo}, {balance}, {company}, {currency}, {documentNo}, {amount}, {date}, {period} ama {dueDate}.',
  },
  'email.host': {
    en: 'Enter the SMTP server name, for example smtp.example.com.',
    so: 'Geli magaca server-ka SMTP, tusaale smtp.example.com.',
  },
  'email.hostAddress': {
    en: 'This mail server is on a private, local or reserved network and cannot be used. Enter the public address of your mail provider.',
    so: 'Server-kan iimaylku wuxuu ku yaal shabakad gaar ah, maxalli ah ama xafidan, lama isticmaali karo. Geli cinwaanka dadweynaha ee bixiyahaaga iimaylka.',
  },
  'email.adminOnly': {
    en: 'Only an administrator can change or test the e-mail settings.',
    so: 'Maamule keliya ayaa beddeli kara ama tijaabin kara habaynta iimaylka.',
  },
  'email.notConfigured': {
    en: 'E-mail is not set up yet: an administrator enters the SMTP server under Settings → E-mail.',
    so: 'Iimaylka weli lama habayn: maamule ha geliyo server-ka SMTP ee Habaynta → Iimaylka.',
  },
  'email.notFailed': { en: 'Only an e-mail that failed can be sent again.', so: 'Iimayl fashilmay oo keliya ayaa mar kale la diri karaa.' },
  'email.noRecipient': {
    en: 'None of these customers has an e-mail address that can be used.',
    so: 'Macaamiishan midkoodna ma laha cinwaan iimayl oo la isticmaali karo.',
  },
  'email.documentPrivilege': {
    en: 'You may not open this document, so you cannot e-mail it.',
    so: 'Uma fasaxnid inaad furto dukumeentigan, sidaas darteed ma diri kartid.',
  },
} as const satisfies Record<string, { en: string; so: string }>;
