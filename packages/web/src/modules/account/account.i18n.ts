// Texts of the account module, used as t('account.…').
import type { Texts } from '../../app/i18n/types.ts';

export const en = {
  profile: {
    title: 'My profile',
    details: 'Personal details',
    fullname: 'Full name',
    signature: 'Signature',
    signatureHelp: 'The name printed under documents you approve.',
    email: 'E-mail',
    phone: 'Phone',
    account: 'Account',
    username: 'Username',
    organisation: 'Organisation',
    role: 'Role',
    administrator: 'Administrator',
    staff: 'Staff member',
    privileges: 'Privileges',
    allPrivileges: 'Administrators hold every privilege.',
    noPrivileges: 'No privileges have been given to you yet.',
    changePassword: 'Change password',
  },
};

export const so: Texts<typeof en> = {
  profile: {
    title: 'Xogtayda',
    details: 'Xogta shakhsiga',
    fullname: 'Magaca oo buuxa',
    signature: 'Saxiixa',
    signatureHelp: 'Magaca lagu daabaco dukumentiyada aad ansixiso hoostooda.',
    email: 'Iimayl',
    phone: 'Taleefan',
    account: 'Akoonka',
    username: 'Magaca isticmaalaha',
    organisation: 'Ururka',
    role: 'Doorka',
    administrator: 'Maamule',
    staff: 'Shaqaale',
    privileges: 'Ogolaanshaha',
    allPrivileges: 'Maamulayaashu waxay haystaan ogolaansho kasta.',
    noPrivileges: 'Weli wax ogolaansho ah laguma siin.',
    changePassword: 'Beddel furaha sirta ah',
  },
};
