import { initServer } from '@ts-rest/fastify';

/** The one ts-rest server builder every area's routes.ts uses. */
export const s = initServer();
