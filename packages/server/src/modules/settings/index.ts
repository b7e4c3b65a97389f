// Public surface of the settings module for other modules.
export { categories, cities, units } from './settings.tables.ts';
export {
  containsPattern,
  inUseOnForeignKey,
  referenceListRoutes,
  type ReferenceList,
  type ReferenceListQuery,
  type ReferenceTable,
} from './reference-list.ts';
