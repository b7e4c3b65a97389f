import { boolean, integer, pgTable, primaryKey, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id').notNull(),
  name: text('name').notNull(),
  description: text('description'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const rolePrivileges = pgTable(
  'role_privileges',
  {
    clientId: integer('client_id').notNull(),
    roleId: integer('role_id').notNull(),
    privilege: text('privilege').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.privilege] })],
);

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id').notNull(),
  username: text('username').notNull(),
  fullname: text('fullname').notNull(),
  email: text('email'),
  phone: text('phone'),
  passwordHash: text('password_hash').notNull(),
  isAdmin: boolean('is_admin').notNull().default(false),
  status: text('status').notNull().default('Active'),
  mustChangePassword: boolean('must_change_password').notNull().default(false),
  roleId: integer('role_id'),
  extraPrivileges: text('extra_privileges').array().notNull().default([]),
  signature: text('signature'),
  /** The user's signature image (0091), printed on the cheques and vouchers they sign. */
  signatureFileId: uuid('signature_file_id'),
  lang: text('lang'),
  theme: text('theme'),
  branchId: integer('branch_id'),
  /** The user's class (0095_user_classes.sql). */
  userClassId: integer('user_class_id'),
  tokenVersion: integer('token_version').notNull().default(0),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A user's sign-ins. auth opens one at each sign-in and ends it at logout; a password change, disabling or
 * deleting the user (endUserSessions) and the operator's password reset end them all. Kept here rather than in
 * auth so that users, which auth imports, need not import auth.
 */
export const sessions = pgTable('sessions', {
  id: uuid('id').primaryKey(),
  clientId: integer('client_id').notNull(),
  userId: integer('user_id').notNull(),
  tokenVersion: integer('token_version').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  ip: text('ip'),
  userAgent: text('user_agent'),
});

/** Kinds of staff, each presetting a role and a dashboard (0095_user_classes.sql). */
export const userClasses = pgTable('user_classes', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id').notNull(),
  name: text('name').notNull(),
  description: text('description'),
  roleId: integer('role_id'),
  dashboard: text('dashboard').notNull().default('general'),
  status: text('status').notNull().default('Active'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
