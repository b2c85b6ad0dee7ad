import { generateOpenApi } from '@ts-rest/open-api';
import { contract, ErrorBody, PERMISSION_SELF, permissionOf, type Access } from '@app/contract';
import type { AppRoute } from '@ts-rest/core';
import { keyNeverCalls } from './services/auth/api-key-limits.js';

type Doc = ReturnType<typeof generateOpenApi>;
type Operation = Doc['paths'][string]['get'] & {};
type Json = Record<string, any>;

const ACCESS_TEXT: Record<Access, string> = {
  public: 'Public: no session needed.',
  signedIn: 'Needs a signed-in account (the session cookie).',
  member: 'Needs a signed-in member or pledge (the session cookie).',
  admin:
    'Needs a signed-in staff account (the session cookie) or an API key (`Authorization: Bearer <key>`) holding ' +
    "this call's permission (`x-permission`): a staff account holds its roles' permissions.",
};

// ts-rest describes every response by its bare status code; integrators read these instead.
const STATUS_TEXT: Record<string, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No content',
  302: 'Redirect (see the Location header)',
  400: 'Invalid request: `message` names the first problem, `issues` lists each one with its path',
  401: 'Not signed in, or the session has ended',
  403: 'Signed in without the right to do this, or a cross-site request',
  404: 'Not found',
  409: 'Conflicts with the current state',
  410: 'No longer available (e.g. a one-time download already taken or expired)',
  413: 'Too large',
  415: 'Unsupported content type',
  422: 'Could not be processed',
  429: 'Too many requests; try again later',
  500: 'Unexpected server error (details are logged, never returned)',
  502: 'An upstream provider (e.g. the AI provider) failed: `message` says why',
  503: 'Service unavailable',
};

const ERROR_REF = { $ref: '#/components/schemas/ErrorBody' };

/**
 * The OpenAPI 3.0 document of the whole contract: one summary and a unique operationId per route
 * (its key path, e.g. `auth.login`), the session cookie as security scheme, public routes marked as
 * needing none, and the one error body shared as a component.
 */
export function buildOpenApi(): Doc {
  let errorSchema: Json | undefined;
  const areas = new Set<string>();

  const doc = generateOpenApi(
    contract,
    {
      info: {
        title: 'Honor Society Admin API',
        version: '1.0.0',
        contact: { name: 'Honor Society Admin maintainers' },
        description:
          'The admin back-office API. Sign in with POST /api/auth/login; the session cookie `sid` authorises later calls. ' +
          'Integrations call the admin routes with an API key instead: `Authorization: Bearer <key>` (made by staff at ' +
          '/admin/tech/api-keys), within its scopes. Staff and keys share one permission vocabulary: `<area>:read` for GET, ' +
          '`<area>:export` for the CSV/XLSX exports, `<area>:write` for the rest; each admin operation names its own in ' +
          '`x-permission` (`self`: any staff account). A missing, unknown or revoked key answers 401, a call without the ' +
          'permission 403. ' +
          'Every error answers `{message, detail?, issues?}`.',
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'sid', description: 'Set by POST /api/auth/login' },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            description: 'An API key made at /admin/tech/api-keys (`hsk_...`): admin routes only, within its scopes',
          },
        },
      },
      security: [{ session: [] }],
    },
    {
      // `concatenated-path` joins the router keys (`institutions.list`); uniqueness is checked below.
      setOperationId: 'concatenated-path',
      operationMapper: (operation, route: AppRoute) => {
        const access = (route.metadata as { access?: Access } | undefined)?.access ?? 'public';
        const area = (operation.tags as string[] | undefined)?.[0];
        if (area) areas.add(area);
        const responses: Json = {};
        for (const [status, response] of Object.entries(operation.responses as Json)) {
          const described = {
            ...response,
            description: response.description === status ? (STATUS_TEXT[status] ?? status) : response.description,
          };
          if (
            route.responses[Number(status) as keyof AppRoute['responses']] === ErrorBody &&
            described.content?.['application/json']
          ) {
            errorSchema ??= described.content['application/json'].schema;
            described.content = { 'application/json': { schema: ERROR_REF } };
          }
          responses[status] = described;
        }
        const permission = permissionOf(route);
        const scope = permission === PERMISSION_SELF ? undefined : permission;
        const keyless = keyNeverCalls(route);
        const scopeText =
          scope &&
          (keyless ? 'API keys can never make this call: sign in to make it.' : `API key scope: \`${scope}\`.`);
        return {
          ...operation,
          tags: area ? [area] : [],
          description: [operation.description, ACCESS_TEXT[access], scopeText].filter(Boolean).join('\n\n'),
          parameters: operation.parameters?.map(pathParamRequired),
          responses,
          ...(permission ? { 'x-permission': permission } : {}),
          ...(access === 'public'
            ? { security: [] }
            : access === 'admin'
              ? { security: keyless ? [{ session: [] }] : [{ session: [] }, { apiKey: [] }] }
              : {}),
        };
      },
    },
  );

  const seen = new Map<string, string>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item as Record<string, Operation>)) {
      const where = `${method.toUpperCase()} ${path}`;
      const earlier = seen.get(op.operationId!);
      if (earlier) throw new Error(`OpenAPI operationId ${op.operationId} is used by both ${earlier} and ${where}`);
      seen.set(op.operationId!, where);
    }
  }

  doc.paths = toOpenApi30(doc.paths);
  doc.tags = [...areas].sort().map((name) => ({ name, description: `The ${name} routes` }));
  if (errorSchema)
    doc.components = { ...doc.components, schemas: { ...doc.components?.schemas, ErrorBody: errorSchema } };
  return doc;
}

// zod-openapi writes JSON Schema's numeric `exclusiveMinimum: 0` (from `.positive()`); OpenAPI 3.0
// wants `minimum: 0, exclusiveMinimum: true`. Only numbers are touched, never a property so named.
// `z.unknown().nullable()` (rich-text items, JSON answers, provider bodies) comes out as `{nullable: true}`
// with no `type`: OpenAPI 3.0.3 gives `nullable` meaning only beside a `type` (redocly's
// nullable-type-sibling), and a schema with no type already admits null, so it is dropped there.
function toOpenApi30<T>(node: T): T {
  if (Array.isArray(node)) return node.map(toOpenApi30) as T;
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) out[key] = toOpenApi30(value);
  for (const [bound, limit] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof out[bound] === 'number') {
      out[limit] = out[bound];
      out[bound] = true;
    }
  }
  if (out.nullable === true && out.type === undefined) delete out.nullable;
  return out as T;
}

// A path parameter is always present: `z.coerce.number()` would otherwise come out as nullable.
function pathParamRequired<P extends object>(param: P): P {
  const p = param as Json;
  if (p.in !== 'path') return param;
  const { nullable: _nullable, ...schema } = p.schema ?? {};
  return { ...param, required: true, schema };
}
