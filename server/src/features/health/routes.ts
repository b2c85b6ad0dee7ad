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
});
