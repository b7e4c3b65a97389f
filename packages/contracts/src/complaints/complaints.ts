// Customer complaints (/complaint, the spec's `complaint` calls: view, delete, complete, topics, topic,
// report) and their topics (/settings/complaints). A complaint names a customer (or a caller who is not
// one yet: name and phone), optionally one of the customer's houses, a topic, a channel, a description, a
// priority and an assignee; it takes its gapless reference CMP-<year>-nnnnn when logged. Pending ->
// InProgress -> Completed (resolution, who, when), or Cancelled with a reason. Every change, assignment and
// comment is kept as its history.
import { id, isoDate, listQuery, page, phone, trimmed, whenValid, z } from '../common/validation.ts';
import { optionalId } from '../billing/fields.ts';
import { nullableText } from '../settings/fields.ts';
import { rangeIsOrdered, rangeIsShortEnough, rangeIssue, rangeTooLongIssue } from '../finance-reports/common.ts';

export const complaintPriorityValues = ['Low', 'Normal', 'High', 'Urgent'] as const;
export type ComplaintPriority = (typeof complaintPriorityValues)[number];
export const complaintStatusValues = ['Pending', 'InProgress', 'Completed', 'Cancelled'] as const;
export type ComplaintStatus = (typeof complaintStatusValues)[number];
export const complaintChannelValues = ['phone', 'walk-in', 'sms', 'email'] as const;
export type ComplaintChannel = (typeof complaintChannelValues)[number];
export const complaintEventKindValues = ['created', 'assigned', 'started', 'comment', 'completed', 'cancelled', 'attachment'] as const;
export type ComplaintEventKind = (typeof complaintEventKindValues)[number];
export const topicStatusValues = ['Active', 'Inactive'] as const;

const blank = <T extends z.ZodTypeAny>(s: T) => s.optional().or(z.literal('').transform(() => undefined));
const nullableUser = z
  .union([z.coerce.number().int().min(1).max(2147483647), z.literal(''), z.null()])
  .optional()
  .transform((v) => (v ? v : null));

/** POST /api/complaint/topic and PUT /api/complaint/topic/:id. */
export const complaintTopicBody = z.object({
  nameEn: trimmed(120),
  nameSo: trimmed(120),
  priority: z.enum(complaintPriorityValues).default('Normal'),
  targetHours: z.coerce.number('v.invalid').int('v.invalid').min(1, 'complaints.targetHours').max(8760, 'complaints.targetHours'),
  /** The user new complaints of this topic go to (until departments exist). */
  assigneeId: nullableUser,
  smsCustomer: z.boolean().default(true),
  status: z.enum(topicStatusValues).default('Active'),
});
export type ComplaintTopicBody = z.input<typeof complaintTopicBody>;

export const complaintTopic = z.object({
  id: z.number().int(),
  nameEn: z.string(),
  nameSo: z.string(),
  priority: z.enum(complaintPriorityValues),
  targetHours: z.number().int(),
  assigneeId: z.number().int().nullable(),
  assigneeName: z.string().nullable(),
  smsCustomer: z.boolean(),
  status: z.enum(topicStatusValues),
});
export type ComplaintTopic = z.infer<typeof complaintTopic>;
export const complaintTopicList = z.object({ data: z.array(complaintTopic) });

/** POST /api/complaint: a customer's complaint, or a caller's (name and phone) who is not a customer yet. */
export const complaintBody = z
  .object({
    customerId: optionalId,
    callerName: nullableText(200),
    callerPhone: nullableText(30).pipe(phone.nullable()),
    houseId: optionalId,
    topicId: id,
    channel: z.enum(complaintChannelValues),
    description: trimmed(4000),
    /** Default: the topic's. */
    priority: blank(z.enum(complaintPriorityValues)),
    /** Default: the topic's user. */
    assigneeId: nullableUser,
  })
  .superRefine(
    (b, ctx) => {
      if (b.customerId) return;
      if (!b.callerName) ctx.addIssue({ code: 'custom', path: ['callerName'], message: 'complaints.customerOrCaller' });
      if (!b.callerPhone) ctx.addIssue({ code: 'custom', path: ['callerPhone'], message: 'complaints.callerPhone' });
    },
    whenValid('customerId', 'callerName', 'callerPhone'),
  );
export type ComplaintBody = z.input<typeof complaintBody>;

export const complaintAssignBody = z.object({ assigneeId: id });
export const complaintCommentBody = z.object({ text: trimmed(4000) });
export const complaintCompleteBody = z.object({ resolution: trimmed(4000) });
export const complaintCancelBody = z.object({ reason: trimmed(500) });

const who = z.object({ byId: z.number().int().nullable(), byName: z.string().nullable(), at: z.string().nullable() });

export const complaint = z.object({
  id: z.number().int(),
  refNo: z.string(),
  customerId: z.number().int().nullable(),
  customerNo: z.string().nullable(),
  customerName: z.string().nullable(),
  callerName: z.string().nullable(),
  callerPhone: z.string().nullable(),
  houseId: z.number().int().nullable(),
  houseLabel: z.string().nullable(),
  zoneId: z.number().int().nullable(),
  zoneName: z.string().nullable(),
  topicId: z.number().int(),
  topicNameEn: z.string(),
  topicNameSo: z.string(),
  channel: z.enum(complaintChannelValues),
  description: z.string(),
  priority: z.enum(complaintPriorityValues),
  status: z.enum(complaintStatusValues),
  assigneeId: z.number().int().nullable(),
  assigneeName: z.string().nullable(),
  dueAt: z.string(),
  overdue: z.boolean(),
  created: who,
  completed: who,
  resolution: z.string().nullable(),
  cancelled: who,
  cancelReason: z.string().nullable(),
});
export type Complaint = z.infer<typeof complaint>;

export const complaintEvent = z.object({
  id: z.number().int(),
  kind: z.enum(complaintEventKindValues),
  fromStatus: z.string().nullable(),
  toStatus: z.string().nullable(),
  assigneeName: z.string().nullable(),
  note: z.string().nullable(),
  fileId: z.string().nullable(),
  fileName: z.string().nullable(),
  byName: z.string(),
  at: z.string(),
});
export type ComplaintEvent = z.infer<typeof complaintEvent>;
export const complaintDetail = complaint.extend({ events: z.array(complaintEvent) });
export type ComplaintDetail = z.infer<typeof complaintDetail>;

const yesNo = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

export const complaintListQuery = listQuery.extend({
  status: blank(z.enum(complaintStatusValues)),
  topicId: optionalId,
  assigneeId: optionalId,
  customerId: optionalId,
  from: blank(isoDate),
  to: blank(isoDate),
  /** Only those assigned to the caller. */
  mine: yesNo,
  overdue: yesNo,
});
export type ComplaintListQuery = z.input<typeof complaintListQuery>;
export const complaintPage = page(complaint);

/** GET /api/complaint/choices: the active topics and the users a complaint may go to. */
export const complaintChoices = z.object({
  topics: z.array(complaintTopic),
  users: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type ComplaintChoices = z.infer<typeof complaintChoices>;

/** A complaint's reference: CMP-2026-00042. */
export function formatComplaintRef(year: number, no: number): string {
  return `CMP-${year}-${String(no).padStart(5, '0')}`;
}

// GET /api/complaint/report: complaints logged in a period grouped by topic, zone, status or assignee: how
// many, how many still open and their average age, how many completed, average resolution hours against
// the target, how many completed late; plus the list of open complaints past their due time.
export const complaintReportGroupByValues = ['topic', 'zone', 'status', 'assignee'] as const;
export type ComplaintReportGroupBy = (typeof complaintReportGroupByValues)[number];

export const complaintReportQuery = z
  .object({
    startDate: isoDate,
    endDate: isoDate,
    groupBy: z.enum(complaintReportGroupByValues).default('topic'),
    topicId: optionalId,
    assigneeId: optionalId,
  })
  .refine(rangeIsOrdered, rangeIssue)
  .refine(rangeIsShortEnough, rangeTooLongIssue);
export type ComplaintReportQuery = z.input<typeof complaintReportQuery>;

const hours = z.string().nullable();
export const complaintReportRow = z.object({
  key: z.string(),
  label: z.string(),
  complaints: z.number().int(),
  open: z.number().int(),
  openAgeHours: hours,
  completed: z.number().int(),
  resolutionHours: hours,
  targetHours: hours,
  late: z.number().int(),
  overdue: z.number().int(),
});
export type ComplaintReportRow = z.infer<typeof complaintReportRow>;

export const complaintReport = z.object({
  startDate: z.string(),
  endDate: z.string(),
  groupBy: z.enum(complaintReportGroupByValues),
  rows: z.array(complaintReportRow),
  totals: complaintReportRow.omit({ key: true, label: true }),
  overdueList: z.array(complaint),
});
export type ComplaintReport = z.infer<typeof complaintReport>;
