// Help centre, operators, profile and the notification bell: every message the server sends, in English and Somali.
export const helpCenterMessages = {
  'tickets.notOpen': {
    en: 'Only an open ticket that support has not answered yet can be changed or deleted; close it instead.',
    so: 'Tigidh furan oo aan taageeradu weli ka jawaabin keliya ayaa la beddeli karaa ama la tirtiri karaa; xir halkii.',
  },
  'tickets.closed': { en: 'This ticket is closed.', so: 'Tigidhkan waa xiran yahay.' },
  'tickets.tooManyFiles': { en: 'A ticket can carry at most {n} files.', so: 'Tigidh wuxuu qaadi karaa ugu badnaan {n} fayl.' },
  'tickets.created': { en: 'Ticket sent to support.', so: 'Tigidhka waxaa loo diray taageerada.' },
  'operator.badLogin': { en: 'Wrong user name or password.', so: 'Magaca isticmaalaha ama furaha sirta ah waa khalad.' },
  'operator.locked': {
    en: 'Too many failed sign-ins: try again in {n} minutes.',
    so: 'Isku day galitaan oo badan oo fashilmay: isku day mar kale {n} daqiiqo kadib.',
  },
  'profile.signatureSaved': { en: 'Signature saved.', so: 'Saxiixa waa la keydiyay.' },
  'profile.signatureRemoved': { en: 'Signature removed.', so: 'Saxiixa waa la saaray.' },
  'bell.requestWaiting': { en: 'Request {ref} waits for your approval', so: 'Codsiga {ref} wuxuu sugayaa ansixintaada' },
  'bell.ticketAnswered': { en: 'Support answered your ticket "{subject}"', so: 'Taageeradu waxay ka jawaabtay tigidhkaaga "{subject}"' },
  'bell.billRunDone': { en: 'Bill run {id} finished', so: 'Biil-samaynta {id} way dhammaatay' },
  'bell.billRunFailed': { en: 'Bill run {id} failed', so: 'Biil-samaynta {id} way fashilantay' },
  'bell.payrollDone': { en: 'Payroll for {period} generated', so: 'Mushaharka {period} waa la diyaariyay' },
  'bell.payrollFailed': { en: 'Payroll for {period} failed', so: 'Diyaarinta mushaharka {period} way fashilantay' },
  'bell.payrollWaiting': { en: 'Payroll {number} ({period}) waits for your approval', so: 'Mushaharka {number} ({period}) wuxuu sugayaa ansixintaada' },
  'bell.complaintAssigned': { en: 'Complaint {ref} ({topic}) is assigned to you', so: 'Cabashada {ref} ({topic}) adiga ayaa laguu xilsaaray' },
  'bell.complaintOverdue': {
    en: 'Complaint {ref} ({topic}) is overdue',
    so: 'Cabashada {ref} ({topic}) waqtigeedii way dhaaftay',
  },
} as const;
