import { z } from 'zod';
import { c } from './c.js';
import { meta } from './common/access.js';

export const healthContract = c.router({
  health: {
    method: 'GET',
    path: '/health',
    responses: { 200: z.object({ status: z.literal('ok') }), 503: z.object({ status: z.literal('unavailable') }) },
    metadata: meta.public,
    summary: 'Liveness: ok when the database answers',
  },
});
