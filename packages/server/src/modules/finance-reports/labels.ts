// Names of account types, subtypes and parties in the caller's language (messages.ts holds the texts).
import { type AccountSubtype, type AccountType, type Lang, type PartyType, translate } from '@ubo/contracts';

export const accountTypeName = (type: AccountType, lang: Lang) => translate(`accountType.${type}`, lang);
export const accountSubtypeName = (subtype: AccountSubtype, lang: Lang) => translate(`accountSubtype.${subtype}`, lang);
export const partyTypeName = (type: PartyType, lang: Lang) => translate(`party.${type}`, lang);
/** An account's name in the caller's language. */
export const nameIn = (row: { name_en: string; name_so: string }, lang: Lang) => (lang === 'so' ? row.name_so : row.name_en);
