import { z } from 'zod';
import { c } from './c.js';
import { meta } from './common/access.js';

/** What readiness checks: the database, the job queue's own connection to it, the file storage. */
export const readinessParts = ['database', 'jobs', 'storage'] as const;
const checks = z.record(z.enum(readinessParts), z.enum(['ok', 'unavailable']));

export const healthContract = c.router({
  health: {
    method: 'GET',
    path: '/health',
    responses: { 200: z.object({ status: z.literal('ok') }), 503: z.object({ status: z.literal('unavailable') }) },
    metadata: meta.public,
    summary: 'Liveness: ok when the database answers',
  },
  live: {
    method: 'GET',
    path: '/health/live',
    responses: { 200: z.object({ status: z.literal('ok') }) },
    metadata: meta.public,
    summary: 'Liveness: the process answers (no dependency is checked, so a database outage restarts nothing)',
  },
  ready: {
    method: 'GET',
    path: '/health/ready',
    responses: {
      200: z.object({ status: z.literal('ok'), checks }),
      503: z.object({
        status: z.literal('unavailable'),
        message: z.string(),
        /** The parts that failed, or `shutdown` while the process drains after SIGTERM. */
        failing: z.array(z.enum([...readinessParts, 'shutdown'])),
        checks,
      }),
    },
    metadata: meta.public,
    summary: 'Readiness: the database, the job queue and the storage answer, and the process is not shutting down',
  },
});
