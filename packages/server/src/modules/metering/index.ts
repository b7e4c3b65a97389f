// Public surface of the metering module (houses, meters, readings): the tables a bill run reads and
// marks (meter_readings.billed_bill_id), the reading rules, and the routes.
export { houses, meters, meterReadings } from './metering.tables.ts';
export { evaluateReading, houseAverage, type HouseState, type ReadingAttempt, type EvaluatedReading } from './reading-rules.ts';
export { getHouse } from './list-houses.ts';
export { createHouse } from './save-house.ts';
export { saveReadingBatch } from './save-readings.ts';
export { findHouseTariff } from './find-house-tariff.ts';
export { parseCsv } from './parse-csv.ts';
export { meteringRoutes } from './metering.routes.ts';
