// Trade: what the sales and purchasing documents share (their lines and how lines add up).
export * from './lines.ts';
