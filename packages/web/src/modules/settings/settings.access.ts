// The privilege each settings screen needs (contracts/privileges.ts). The routes guard with these and
// the screens enable their buttons with the same keys, so the two can never disagree.
export const settingsPrivileges = {
  companyProfile: 'company-profile',
  /** The organisation's data export card on the company profile. */
  exportData: 'export-organisation-data',
  categories: 'list-category',
  units: 'list-unit',
  cities: 'list-cities',
  branches: 'list-branch',
  logSheet: 'list-log-sheet',
  /** GET /api/admin: the log sheet's user filter shows only to holders of it. */
  users: 'list-user',
} as const;
