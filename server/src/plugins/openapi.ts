import type { FastifyInstance } from 'fastify';
import { buildOpenApi } from '../openapi.js';

/** Serves the OpenAPI document at /api/openapi.json and a reference UI at /api/docs. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  const document = buildOpenApi();
  app.get('/api/openapi.json', { schema: { hide: true } as never }, async () => document);
  const { default: swagger } = await import('@fastify/swagger');
  const { default: swaggerUi } = await import('@fastify/swagger-ui');
  await app.register(swagger, { mode: 'static', specification: { document: document as never } });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
