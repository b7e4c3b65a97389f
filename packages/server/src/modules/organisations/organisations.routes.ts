// The organisation's branches (elc/branches): list, read, create, update, status and delete. Paths and
// schemas are the contracts' branchesEndpoints (branches.ts).
import type { FastifyInstance } from 'fastify';
import { referenceListRoutes } from '../../lib/reference-list.ts';
import { branchList } from './branches.ts';

export async function organisationsRoutes(app: FastifyInstance) {
  referenceListRoutes(app, branchList);
}
