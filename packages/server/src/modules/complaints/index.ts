// Public surface of the complaints module: its routes; its navbar bell provider (open complaints assigned
// to the user, overdue ones flagged) and the count of overdue ones; the services the demo seed drives.
export { complaintsRoutes } from './complaints.routes.ts';
export { complaintsBell } from './complaints-bell.ts';
export { countOverdueAssigned, listComplaints } from './complaint-list.ts';
export { logComplaint } from './log-complaint.ts';
export { assignComplaint, cancelComplaint, commentComplaint, completeComplaint, startComplaint } from './complaint-actions.ts';
export { createTopic } from './complaint-topics.ts';
export { getComplaint } from './complaints-common.ts';
