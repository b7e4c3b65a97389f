// In-app notes (spec sections 3, 4 and 7): popup messages the installation's operator writes for one
// organisation or for all. Users read them, record views and clicks, and answer their questions.
import { z } from '../common/validation.ts';

export const noteTypes = ['required', 'optional'] as const;
export const noteTargets = ['admin', 'other'] as const;
export const noteRepetitions = ['one_time', 'two_times', 'three_times'] as const;
export const noteActivityTypes = ['view', 'click'] as const;

export type NoteType = (typeof noteTypes)[number];
export type NoteTarget = (typeof noteTargets)[number];
export type NoteRepetition = (typeof noteRepetitions)[number];
export type NoteActivityType = (typeof noteActivityTypes)[number];

/** How many views hide a note (spec section 9: 1, 2 or 3). */
export const noteRepetitionLimit: Record<NoteRepetition, number> = { one_time: 1, two_times: 2, three_times: 3 };

/** An enum whose absence reads "Field is required." rather than "not valid". */
const choice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: (iss) => (iss.input === undefined || iss.input === null ? 'v.required' : 'v.invalid') });

/** A note id in a query string or a JSON body: a positive integer that fits the database's integer. */
export const noteId = z.preprocess((v) => (typeof v === 'string' && /^\s*\d{1,10}\s*$/.test(v) ? Number(v) : v), z.number().int().min(1).max(2147483647));

export const noteQuestion = z.object({ id: z.string(), question: z.string() });
export type NoteQuestion = z.infer<typeof noteQuestion>;

export const noteFeedbackItem = z.object({ id: z.string(), question: z.string(), answer: z.string().nullable() });

export const noteItem = z.object({
  id: z.number().int(),
  title: z.string(),
  message: z.string(),
  video_iframe: z.string().nullable(),
  type: choice(noteTypes),
  target: choice(noteTargets),
  repetition: choice(noteRepetitions),
  feedback: z.array(noteFeedbackItem),
  total_view: z.number().int(),
});
export type NoteItem = z.infer<typeof noteItem>;

export const notesList = z.array(noteItem);

export const noteCheckQuery = z.object({ NoteId: noteId });
export const noteCheckResponse = z.object({ total_view: z.number().int() });
export type NoteCheckResponse = z.infer<typeof noteCheckResponse>;

export const noteClickBody = z.object({ NoteId: noteId, activity_type: choice(noteActivityTypes) });
export type NoteClickBody = z.input<typeof noteClickBody>;
export const noteClickResponse = z.object({ ok: z.literal(true), total_view: z.number().int() });

export const noteFeedbackBody = z.object({
  NoteId: noteId,
  feedback_id: z.string().trim().min(1).max(40),
  answer: z.string().trim().min(1).max(2000),
});
export type NoteFeedbackBody = z.input<typeof noteFeedbackBody>;

/** A note is still shown while the user has viewed it fewer times than its repetition allows. */
export function isNoteDue(note: Pick<NoteItem, 'repetition' | 'total_view'>): boolean {
  return note.total_view < noteRepetitionLimit[note.repetition];
}

// Scheme, host and the character after the host are pinned, so "youtube.com.evil.example",
// "user@vimeo.com", ports and other schemes cannot pass; the rest may not hold quotes, spaces or brackets.
const videoUrlPattern = /^https:\/\/(?:www\.)?(?:youtube\.com|youtube-nocookie\.com|vimeo\.com|player\.vimeo\.com)(?:[/?#][^\s"'<>\\`]*)?$/i;

/** Only https links on YouTube or Vimeo may be embedded in a note; anything else could frame any page. */
export function isAllowedVideoUrl(value: string): boolean {
  return value.length <= 500 && videoUrlPattern.test(value);
}

export const noteVideoUrl = z.string().trim().max(500).refine(isAllowedVideoUrl, { message: 'note.videoUrl' });

/** What the operator gives to publish a note (operator command line). */
export const newNoteInput = z.object({
  title: z.string().trim().min(1).max(200),
  message: z.string().trim().min(1).max(5000),
  type: choice(noteTypes),
  target: choice(noteTargets),
  repetition: choice(noteRepetitions),
  video: noteVideoUrl.optional(),
  questions: z.array(z.string().trim().min(1).max(500)).max(20).default([]),
});
export type NewNoteInput = z.input<typeof newNoteInput>;
