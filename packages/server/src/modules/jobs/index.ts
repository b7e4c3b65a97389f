// Public surface of the jobs module: durable background jobs in the jobs table (0040). A module defines a
// kind (defineTenantJob / defineInstallationJob), registers it with the app's worker (app.jobs.define)
// when its routes register, queues with enqueueJob in the request's transaction, kicks the worker after
// the commit (app.jobs.kick()), and reads jobs back with readJob / listJobs.
export { defineInstallationJob, defineTenantJob, enqueueJob, listJobs, readJob, waitForJobs } from './define-job.ts';
export type { InstallationJob, JobDefinition, JobRecord, JobStatus, TenantJob, TenantJobContext } from './define-job.ts';
export { JobWorker, workerFor, workerOptionsFromEnv } from './job-worker.ts';
export type { WorkerOptions } from './job-worker.ts';
export { jobs } from './jobs.tables.ts';
