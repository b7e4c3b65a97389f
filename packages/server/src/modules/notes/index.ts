// Public surface of the notes module for other modules and the operator command line.
export { notes, noteActivity, noteFeedback } from './notes.tables.ts';
export { publishNote, listPublishedNotes, deactivateNote, type PublishNoteInput, type PublishedNote } from './publish-note.ts';
export { notesRoutes } from './notes.routes.ts';
