// Every message the server sends to a user, in English and Somali. Keys travel in zod issues
// ("v.minLength|8") and error codes; both the server and the web translate them with translate().

export type Lang = 'en' | 'so';

export const messages = {
  'v.required': { en: 'Field is required.', so: 'Goobtan waa qasab.' },
  'v.minLength': { en: 'The min number of characters is {n}', so: 'Ugu yaraan waa {n} xaraf' },
  'v.maxLength': { en: 'The max allowed number of characters is {n}', so: 'Ugu badnaan waa {n} xaraf' },
  'v.min': { en: 'The value must be at least {n}', so: 'Qiimuhu waa inuu ahaadaa ugu yaraan {n}' },
  'v.max': { en: 'The value cannot be more than {n}', so: 'Qiimuhu ma dhaafi karo {n}' },
  'v.email': { en: 'Valid email is required!.', so: 'Iimayl sax ah ayaa loo baahan yahay!.' },
  'v.pattern': { en: 'Required pattern is not matched.', so: 'Qaabka loo baahnaa lama waafajin.' },
  'v.invalid': { en: 'The value is not valid.', so: 'Qiimahan sax maaha.' },
  'v.number': { en: 'Enter a number.', so: 'Geli tiro.' },
  'v.money': { en: 'Enter an amount such as 1250.50.', so: 'Geli lacag sida 1250.50.' },
  'v.date': { en: 'Enter a date as YYYY-MM-DD.', so: 'Geli taariikh sida YYYY-MM-DD.' },
  'v.phone': { en: 'Enter a valid phone number, for example 0615123456 or +252615123456.', so: 'Geli lambar taleefan oo sax ah, tusaale 0615123456 ama +252615123456.' },
  'v.privilege': { en: 'Unknown privilege.', so: 'Ogolaansho aan la aqoon.' },
  'password.mismatch': { en: 'Password is not match!', so: 'Furaha sirta ahi isma laha!' },
  'password.min8': { en: 'Password must be 8 char or above!.', so: 'Furaha sirta ahi waa inuu ahaadaa 8 xaraf ama ka badan!.' },
  'password.rule': {
    en: 'Invalid password. Password must be at least 6 characters long, and contain a number.',
    so: 'Furaha sirta ahi sax maaha. Waa inuu ahaadaa ugu yaraan 6 xaraf oo uu ku jiraa tiro.',
  },
  'auth.invalid': { en: 'Invalid username, password or code.', so: 'Magaca isticmaalaha, furaha sirta ah ama koodhku waa khalad.' },
  'auth.tooMany': {
    en: 'Too many failed sign-in attempts. Try again in 15 minutes.',
    so: 'Isku day badan oo gelitaan ah ayaa fashilmay. Isku day mar kale 15 daqiiqo kadib.',
  },
  'auth.unauthorized': { en: 'Your session has ended. Please sign in again.', so: 'Fadhigaagii wuu dhammaaday. Fadlan mar kale soo gal.' },
  'auth.mustChange': { en: 'You must change your password before continuing.', so: 'Waa inaad beddeshaa furahaaga sirta ah ka hor intaadan sii wadin.' },
  'auth.forbidden': { en: 'You do not have permission for this action.', so: 'Uma haysatid ogolaansho falkan.' },
  'auth.expired': {
    en: 'Subscription Expired: your organisation\'s licence time has ended.',
    so: 'Expired: waqtiga rukhsadda ururkaagu wuu dhammaaday.',
  },
  'auth.passwordChanged': { en: 'New account has been added', so: 'Akoonka cusub waa la daray' },
  'common.notFound': { en: 'Record not found.', so: 'Diiwaanka lama helin.' },
  'common.duplicate': { en: 'This value already exists.', so: 'Qiimahan horay ayuu u jiray.' },
  'common.inUse': { en: 'This record is in use and cannot be deleted.', so: 'Diiwaankan waa la isticmaalayaa, lama tirtiri karo.' },
  'common.validation': { en: 'Please correct the highlighted fields.', so: 'Fadlan sax goobaha la calaamadeeyay.' },
  'common.internal': { en: 'Something went wrong on the server. Please try again.', so: 'Cillad ayaa ka dhacday server-ka. Fadlan isku day mar kale.' },
  'common.badRequest': { en: 'The request is not valid.', so: 'Codsigu sax maaha.' },
  'common.tooLarge': { en: 'The file is too large.', so: 'Faylku aad buu u weyn yahay.' },
  'common.fileType': { en: 'This file type is not allowed.', so: 'Nooca faylkan lama oggola.' },
  'common.saved': { en: 'Saved.', so: 'Waa la kaydiyay.' },
  'user.selfDisable': { en: 'You cannot disable or delete your own account.', so: 'Ma joojin karto mana tirtiri karto akoonkaaga.' },
  'user.lastAdmin': { en: 'The organisation must keep at least one active administrator.', so: 'Ururku waa inuu haystaa ugu yaraan hal maamule oo firfircoon.' },
  'role.inUse': { en: 'This role is assigned to users and cannot be deleted.', so: 'Doorkan waxaa loo qoondeeyay isticmaalayaal, lama tirtiri karo.' },
} as const satisfies Record<string, { en: string; so: string }>;

export type MessageKey = keyof typeof messages;

/** Translate "key" or "key|param" into the user's language; unknown text is returned unchanged. */
export function translate(message: string, lang: Lang, params: Record<string, string | number> = {}): string {
  const [key, n] = message.split('|');
  const entry = (messages as Record<string, { en: string; so: string }>)[key];
  if (!entry) return message;
  const all: Record<string, string | number> = n !== undefined ? { n, ...params } : params;
  return entry[lang].replace(/\{(\w+)\}/g, (_, name: string) => String(all[name] ?? `{${name}}`));
}

export function pickLang(header: string | undefined | null): Lang {
  return header && /^so\b/i.test(header.trim()) ? 'so' : 'en';
}
