// Builds the Fastify application: error shape, auth hook, OpenAPI docs, every module's routes and,
// when a web build is given, the single-page app. Used by main.ts and by every API test.
import { existsSync } from 'node:fs';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fastifyMultipart from '@fastify/multipart';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Db } from './db/client.ts';
import { assertRouteAccess, registerAuth } from './plugins/auth.ts';
import { registerErrorHandler } from './plugins/errors.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { moduleRoutes } from './modules/routes.ts';
import { JobWorker, workerOptionsFromEnv } from './modules/jobs/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's job worker: modules define their job kinds on it and kick it after queuing. */
    jobs: JobWorker;
  }
}

export interface AppOptions {
  db: Db;
  tokenSecret: string;
  tokenTtlHours?: number;
  webDist?: string;
  logger?: boolean;
}

export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ? { level: process.env.LOG_LEVEL ?? 'info' } : false,
    // One line per request drowns what matters; errors are still logged by the error handler.
    logController: new LogController({ disableRequestLogging: process.env.LOG_REQUESTS !== '1' }),
    trustProxy: process.env.TRUST_PROXY === '1',
    bodyLimit: 5 * 1024 * 1024,
  });
  app.decorate('db', opts.db);
  app.decorate('tokenSecret', new TextEncoder().encode(opts.tokenSecret));
  app.decorate('tokenTtlHours', opts.tokenTtlHours ?? 8);
  // Modules define their kinds while they register; the worker starts once all are known and, on close,
  // stops claiming and waits for the jobs it runs.
  const jobs = new JobWorker(opts.db, { ...workerOptionsFromEnv(), log: (message, err) => (err ? app.log.error({ err }, message) : app.log.warn(message)) });
  app.decorate('jobs', jobs);
  app.addHook('onReady', () => jobs.start());
  app.addHook('onClose', () => jobs.stop());
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRoute', assertRouteAccess);
  registerErrorHandler(app);
  // Before the auth hook: a refused request (401, 403) carries the headers too.
  await registerSecurityHeaders(app, opts.webDist);
  registerAuth(app);
  registerInputGuard(app);

  await app.register(fastifyMultipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Utility back office API', version: '0.1.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  for (const routes of moduleRoutes) await app.register(routes);

  if (opts.webDist && existsSync(opts.webDist)) {
    await app.register(fastifyStatic, { root: opts.webDist, prefix: '/', wildcard: false, index: ['index.html'] });
  }
  return app;
}
