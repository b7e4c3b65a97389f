// Which popup notes a user sees (spec sections 3, 4 and 9) and which video links may be embedded.
// Pure functions, tested in notes.logic.test.ts.
import { type NoteItem, type NoteRepetition, noteRepetitionLimit } from '@ubo/contracts';

/** A note as GET /api/notes returns it (contracts/notes). */
export type Note = NoteItem;

/** A note is hidden once viewed this many times (1, 2 or 3). */
export const repetitionLimit = noteRepetitionLimit;

/** Notes for administrators only reach administrators. */
export function isForUser(note: { target: string }, isAdmin: boolean): boolean {
  return note.target !== 'admin' || isAdmin;
}

export function shouldShow(note: { target: string; repetition: NoteRepetition }, totalView: number, isAdmin: boolean): boolean {
  if (!isForUser(note, isAdmin)) return false;
  const limit = repetitionLimit[note.repetition] ?? 1;
  return totalView < limit;
}

/**
 * The navbar bell's count: the user's notes never viewed (view count 0 when the notes were loaded) and
 * not shown since. A note whose count could not be read is not counted: the bell never guesses.
 */
export function unreadCount(notes: readonly { id: number }[], viewCounts: ReadonlyMap<number, number | null>, viewedNow: ReadonlySet<number>): number {
  return notes.filter((n) => viewCounts.get(n.id) === 0 && !viewedNow.has(n.id)).length;
}

const youtubeHosts = new Set(['youtube.com', 'www.youtube.com', 'youtube-nocookie.com', 'www.youtube-nocookie.com']);
const vimeoHosts = new Set(['vimeo.com', 'www.vimeo.com', 'player.vimeo.com']);

/**
 * The embed URL of a note's video, or null. Only an https URL on youtube.com, youtube-nocookie.com,
 * vimeo.com or player.vimeo.com is accepted; anything else (other sites, HTML, javascript:) shows no video.
 */
export function videoEmbedUrl(raw: string | null | undefined): string | null {
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return null;
  const host = url.hostname.toLowerCase();
  const idOk = (id: string | undefined | null): id is string => Boolean(id && /^[\w-]{6,20}$/.test(id));

  if (youtubeHosts.has(host)) {
    const parts = url.pathname.split('/').filter(Boolean);
    let id: string | null | undefined = null;
    if (parts[0] === 'watch') id = url.searchParams.get('v');
    else if (parts[0] === 'embed' || parts[0] === 'shorts' || parts[0] === 'live') id = parts[1];
    return idOk(id) ? `https://www.youtube-nocookie.com/embed/${id}` : null;
  }
  if (vimeoHosts.has(host)) {
    const parts = url.pathname.split('/').filter(Boolean);
    const id = host === 'player.vimeo.com' ? (parts[0] === 'video' ? parts[1] : undefined) : parts.find((p) => /^\d+$/.test(p));
    return id && /^\d{1,12}$/.test(id) ? `https://player.vimeo.com/video/${id}` : null;
  }
  return null;
}
