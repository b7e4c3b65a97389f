// Help-centre tickets (issue 17, /help_center/list-tickets): staff of an organisation write to the
// installation's support team; the installation's operators answer. Attachments follow the journal
// attachments' rules (types recognised by their bytes, 2 MiB each).
import { noNul, z } from '../common/validation.ts';
import { transactionFileMimes } from '../treasury/attachments.ts';

export const ticketCategories = ['bug', 'question', 'request'] as const;
export const ticketPriorities = ['low', 'normal', 'high', 'urgent'] as const;
export const ticketStatuses = ['Open', 'Answered', 'Closed'] as const;
export type TicketCategory = (typeof ticketCategories)[number];
export type TicketPriority = (typeof ticketPriorities)[number];
export type TicketStatus = (typeof ticketStatuses)[number];

/** Most files one ticket may carry. */
export const TICKET_FILES_PER_TICKET = 10;

const choice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: (iss) => (iss.input === undefined || iss.input === null || iss.input === '' ? 'v.required' : 'v.invalid') });

const text = (max: number) =>
  noNul(z.string({ error: 'v.required' }))
    .trim()
    .min(1, 'v.required')
    .max(max);

export const ticketBody = z.object({
  subject: text(200),
  description: text(5000),
  category: choice(ticketCategories),
  priority: choice(ticketPriorities),
});
export type TicketBody = z.infer<typeof ticketBody>;

export const ticketMessageBody = z.object({ body: text(5000) });
export type TicketMessageBody = z.infer<typeof ticketMessageBody>;

export const ticketListQuery = z.object({
  _page: z.coerce.number().int().min(1).max(2147483647).default(1),
  _limit: z.coerce.number().int().min(1).max(1000).default(100),
  q: z.string().trim().max(200).optional(),
  status: z.enum(ticketStatuses).optional(),
  category: z.enum(ticketCategories).optional(),
});
export type TicketListQuery = z.infer<typeof ticketListQuery>;

export const ticketIdParams = z.object({ id: z.coerce.number().int().positive().max(2147483647) });

export const ticketRow = z.object({
  id: z.number().int(),
  subject: z.string(),
  category: z.enum(ticketCategories),
  priority: z.enum(ticketPriorities),
  status: z.enum(ticketStatuses),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  answeredAt: z.string().nullable(),
  messages: z.number().int(),
});
export type TicketRow = z.infer<typeof ticketRow>;
export const ticketPage = z.object({ data: z.array(ticketRow), total: z.number().int(), page: z.number().int(), limit: z.number().int() });

export const ticketMessage = z.object({
  id: z.number().int(),
  authorKind: z.enum(['staff', 'operator']),
  authorName: z.string(),
  body: z.string(),
  createdAt: z.string(),
});
export type TicketMessage = z.infer<typeof ticketMessage>;

export const ticketFile = z.object({
  id: z.number().int(),
  filename: z.string(),
  mime: z.enum(transactionFileMimes),
  size: z.number().int(),
  createdAt: z.string(),
});
export type TicketFile = z.infer<typeof ticketFile>;

export const ticketDetail = ticketRow.extend({
  description: z.string(),
  closedAt: z.string().nullable(),
  closedBy: z.string().nullable(),
  thread: z.array(ticketMessage),
  files: z.array(ticketFile),
  /** Staff may still delete it: Open and nobody from support has written. */
  mayDelete: z.boolean(),
});
export type TicketDetail = z.infer<typeof ticketDetail>;

/** A ticket as the operators see it: which organisation wrote it. */
export const operatorTicketRow = ticketRow.extend({ clientId: z.number().int(), organisationCode: z.number().int(), organisationName: z.string() });
export type OperatorTicketRow = z.infer<typeof operatorTicketRow>;
export const operatorTicketPage = z.object({ data: z.array(operatorTicketRow), total: z.number().int(), page: z.number().int(), limit: z.number().int() });
export const operatorTicketDetail = ticketDetail.extend({ clientId: z.number().int(), organisationCode: z.number().int(), organisationName: z.string() });
export type OperatorTicketDetail = z.infer<typeof operatorTicketDetail>;

export const operatorTicketQuery = ticketListQuery.extend({
  /** Only tickets waiting for support (Open), the default of the operator's screen. */
  open: z.enum(['1', '0']).optional(),
});
export type OperatorTicketQuery = z.infer<typeof operatorTicketQuery>;

export const operatorFileParams = z.object({ id: z.coerce.number().int().positive().max(2147483647) });

// Operators: the installation's support team, created by the command line, signed in apart from staff.
export const operatorLoginBody = z.object({
  username: noNul(z.string({ error: 'v.required' }))
    .trim()
    .min(1, 'v.required')
    .max(40),
  password: z.string({ error: 'v.required' }).min(1, 'v.required').max(200),
});
export const operatorSession = z.object({ token: z.string(), operator: z.object({ id: z.number().int(), username: z.string(), fullname: z.string() }) });
export type OperatorSession = z.infer<typeof operatorSession>;
export const operatorMe = z.object({ id: z.number().int(), username: z.string(), fullname: z.string() });
