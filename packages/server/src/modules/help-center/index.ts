// Public surface of the help centre: its routes, its part of the navbar bell, the operators' services
// (the command line's create-operator, tickets and reply) and the tables the demo seed reads.
export { helpCenterRoutes } from './help-center.routes.ts';
export { ticketsBell } from './tickets-bell.ts';
export { createOperator, listOperators, operatorLogin, setOperatorPassword, setOperatorStatus } from './operators.ts';
export { getOperatorTicket, listAllTickets, replyToTicket, operatorCloseTicket, type OperatorAuthor } from './operator-tickets.ts';
export { createTicket, addStaffMessage } from './tickets.ts';
export { operators, tickets, ticketMessages } from './help-center.tables.ts';
