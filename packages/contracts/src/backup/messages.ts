// Texts of backups and the organisation's data export (English and Somali).
export const backupMessages = {
  'backup.exportFailed': { en: 'The export failed; try again.', so: 'Dhoofintu way fashilantay; mar kale isku day.' },
  'backup.exportInterrupted': {
    en: 'The export was interrupted (the server stopped); start it again.',
    so: 'Dhoofinta waa la joojiyay (server-ku wuu istaagay); mar kale bilow.',
  },
  'backup.exportNotReady': { en: 'This export is not finished.', so: 'Dhoofintan weli ma dhammaan.' },
  'bell.backupFailed': {
    en: 'The automatic backup failed at {at}: {error}. See the server log; copy a good backup off the machine.',
    so: 'Kayd-celinta tooska ah way fashilantay {at}: {error}. Eeg diiwaanka server-ka; ka koobiyee kayd-celin wanaagsan mashiinka.',
  },
} as const;
