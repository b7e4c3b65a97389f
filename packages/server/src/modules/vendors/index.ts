// Public surface of the vendors module: the vendor register's table (purchasing documents name vendors).
export { vendors } from './vendors.tables.ts';
