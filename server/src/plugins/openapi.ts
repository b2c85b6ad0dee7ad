import type { FastifyInstance } from 'fastify';

/**
 * Serves the OpenAPI document at /api/openapi.json and a UI at /api/docs. `build` (openapi.ts) runs on the first
 * request for either, not at start: walking the whole contract's zod schemas costs most of an app's build time
 * (about 0.3-1 s of CPU), which every instance, worker and test file would otherwise pay for a document few read.
 */
export async function registerOpenApi(app: FastifyInstance, build: () => object): Promise<void> {
  let built: object | undefined;
  const document = () => (built ??= build());
  app.get('/api/openapi.json', { schema: { hide: true } as never }, async () => document());

  // @fastify/swagger's static mode takes the document as an object at registration and reads it only when its UI
  // asks (`app.swagger()`): it gets an empty object that this context's requests fill before the first read.
  const { default: swagger } = await import('@fastify/swagger');
  const { default: swaggerUi } = await import('@fastify/swagger-ui');
  await app.register(async (docs) => {
    const specification = { document: {} as Record<string, unknown> };
    docs.addHook('onRequest', async () => {
      if (!Object.keys(specification.document).length) Object.assign(specification.document, document());
    });
    await docs.register(swagger, { mode: 'static', specification: { document: specification.document as never } });
    await docs.register(swaggerUi, { routePrefix: '/api/docs' });
  });
}
