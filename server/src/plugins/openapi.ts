import type { FastifyInstance } from 'fastify';

/** Serves the OpenAPI document (openapi.ts builds it; the app hands it in) at /api/openapi.json and a UI at /api/docs. */
export async function registerOpenApi(app: FastifyInstance, document: object): Promise<void> {
  app.get('/api/openapi.json', { schema: { hide: true } as never }, async () => document);
  const { default: swagger } = await import('@fastify/swagger');
  const { default: swaggerUi } = await import('@fastify/swagger-ui');
  await app.register(swagger, { mode: 'static', specification: { document: document as never } });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
