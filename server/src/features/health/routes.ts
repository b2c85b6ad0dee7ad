import { sql } from 'kysely';
import { contract } from '@app/contract';
import { s } from '../../ts-rest.js';

export const healthRoutes = s.router(contract.health, {
  health: async ({ request }) => {
    try {
      await sql`select 1`.execute(request.server.db);
      return { status: 200, body: { status: 'ok' as const } };
    } catch (err) {
      request.log.warn({ err }, 'health check: database unavailable');
      return { status: 503, body: { status: 'unavailable' as const } };
    }
  },
  live: async () => ({ status: 200, body: { status: 'ok' as const } }),
  ready: async ({ request }) => {
    const { readiness } = request.server;
    const { checks, failing } = await readiness.run();
    if (!failing.length && !readiness.draining) return { status: 200, body: { status: 'ok' as const, checks } };
    const parts = readiness.draining ? (['shutdown', ...failing] as const) : failing;
    if (failing.length) request.log.warn({ failing }, 'readiness: unavailable');
    return {
      status: 503,
      body: { status: 'unavailable' as const, message: `Not ready: ${parts.join(', ')}`, failing: [...parts], checks },
    };
  },
});
