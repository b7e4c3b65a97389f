// Public surface of the complaints module: its routes; the count of overdue complaints assigned to a user
// (the navbar bell); the services the demo seed drives.
export { complaintsRoutes } from './complaints.routes.ts';
export { countOverdueAssigned, listComplaints } from './complaint-list.ts';
export { logComplaint } from './log-complaint.ts';
export { assignComplaint, cancelComplaint, commentComplaint, completeComplaint, startComplaint } from './complaint-actions.ts';
export { createTopic } from './complaint-topics.ts';
export { getComplaint } from './complaints-common.ts';
