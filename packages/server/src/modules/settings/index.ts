// Public surface of the settings module for other modules.
export { categories, cities, units } from './settings.tables.ts';
export { categoryList, unitList } from './reference-lists.ts';
