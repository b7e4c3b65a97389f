// Every module's route plugin, registered by app.ts in this order.
import type { FastifyInstance } from 'fastify';
import { authRoutes } from './auth/auth.routes.ts';

export const moduleRoutes: Array<(app: FastifyInstance) => Promise<void>> = [authRoutes];
