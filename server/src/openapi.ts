import { generateOpenApi } from '@ts-rest/open-api';
import { contract } from '@app/contract';
import type { AppRoute } from '@ts-rest/core';

type Doc = ReturnType<typeof generateOpenApi>;

/**
 * The OpenAPI 3.0 document of the whole contract: one summary and a unique operationId per route
 * (`area.name`), the session cookie as security scheme, public routes marked as needing none.
 */
export function buildOpenApi(): Doc {
  const doc = generateOpenApi(
    contract,
    {
      info: {
        title: 'Honor Society Admin API',
        version: '1.0.0',
        description: 'The admin back-office API. Sign in with POST /api/auth/login; the session cookie `sid` authorises later calls.',
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sid' } },
      },
      security: [{ session: [] }],
    },
    {
      setOperationId: 'concatenated-path',
      operationMapper: (operation, route: AppRoute) => {
        const access = (route.metadata as { access?: string } | undefined)?.access;
        return {
          ...operation,
          description: operation.description ?? `Access: ${access ?? 'public'}.`,
          ...(access === 'public' ? { security: [] } : {}),
        };
      },
    },
  );
  return doc;
}
