// Treasury contracts: money transfers, cheques, year-end closing, journal entry attachments.
export * from './fields.ts';
export * from './amount-in-words.ts';
export * from './transfers.ts';
export * from './cheques.ts';
export * from './closing.ts';
export * from './attachments.ts';
export * from './endpoints.ts';
