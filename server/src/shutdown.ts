import type { FastifyInstance } from 'fastify';
import type { Config } from './config.js';

/**
 * How a shutdown spends SHUTDOWN_SECONDS: up to half of it for the requests in flight (readiness
 * answers 503 meanwhile, so a load balancer stops sending), the rest, less 2 s to close the database,
 * for running jobs to finish before they are handed back (failed, so another worker retries them).
 */
export function shutdownBudget(config: Pick<Config, 'SHUTDOWN_SECONDS'>): { drainMs: number; jobsMs: number } {
  const totalMs = config.SHUTDOWN_SECONDS * 1000;
  const drainMs = Math.floor(totalMs / 2);
  return { drainMs, jobsMs: Math.max(1000, totalMs - drainMs - 2000) };
}

/** The API's part of a shutdown: not ready at once, requests in flight answered, then the port closed. */
export async function drainHttp(app: FastifyInstance, drainMs: number): Promise<void> {
  app.readiness.draining = true;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([app.readiness.idle(), new Promise((resolve) => (timer = setTimeout(resolve, drainMs)))]);
  clearTimeout(timer);
  // Fastify's close waits for what is still in flight and answers 503 to new requests on open connections.
  await app.close();
}
