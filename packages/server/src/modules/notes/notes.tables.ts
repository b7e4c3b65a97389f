import { bigserial, boolean, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export interface NoteQuestion {
  id: string;
  question: string;
}

export const notes = pgTable('notes', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id'),
  title: text('title').notNull(),
  message: text('message').notNull(),
  videoIframe: text('video_iframe'),
  type: text('type').notNull(),
  target: text('target').notNull(),
  repetition: text('repetition').notNull(),
  feedback: jsonb('feedback').$type<NoteQuestion[]>().notNull().default([]),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const noteActivity = pgTable('note_activity', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  clientId: integer('client_id').notNull(),
  noteId: integer('note_id').notNull(),
  userId: integer('user_id').notNull(),
  activityType: text('activity_type').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});

export const noteFeedback = pgTable('note_feedback', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  clientId: integer('client_id').notNull(),
  noteId: integer('note_id').notNull(),
  userId: integer('user_id').notNull(),
  feedbackId: text('feedback_id').notNull(),
  answer: text('answer').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});
