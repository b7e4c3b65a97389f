// Public surface of the backup module: whole-installation backups and restores (operator command line,
// automatic ones on the embedded database, before an upgrade) and an organisation's data export.
export { BackupFileError, openBackupFile } from './backup-file.ts';
export { appVersion, type BackupManifest, rowCounts } from './manifest.ts';
export { checkBackup, type RestoreResult, restorePglite, restorePostgres, type Verify } from './restore-backup.ts';
export {
  backupsDir,
  controlSocketPath,
  migrateWithBackup,
  pruneAutomaticBackups,
  pruneBackups,
  requestServerBackup,
  runAutomaticBackup,
  startAutomaticBackups,
  startControlSocket,
  UpgradeError,
} from './server-backups.ts';
export { BackupError, type TakenBackup, takeBackup } from './take-backup.ts';
export { backupRoutes } from './backup.routes.ts';
export { backupsBell } from './backups-bell.ts';
export { buildOrganisationExport, organisationTables } from './export-organisation.ts';
export { EXPORT_JOB, exportOrganisation } from './export-job.ts';
