import type { ZodTypeAny } from 'zod';
import type { ContractRoute } from '../contract-routes.js';
import type { Random } from './random.js';
import { acceptedValue, fieldsOf, hostileValue, isZod, setAt, type Known } from './schema.js';
import { multipartCase } from './multipart.js';
import { CONTENT_TYPES, PATH_TEXTS, RAW_BODIES, RAW_QUERIES, WRONG_TYPES } from './values.js';

/**
 * Who sends a case: a ROLE_ADMIN staff member, a ROLE_AUDITOR one (reads only), a ROLE_ADVISOR one (one
 * chapter's rows, issue 35 §3), a member, or nobody.
 */
export type Identity = 'admin' | 'auditor' | 'advisor' | 'member' | 'anonymous';

/** One request: everything needed to send it again, and a note saying what was broken. */
export type FuzzCase = {
  route: string;
  access: string | undefined;
  identity: Identity;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  note: string;
};

type Ctx = { rng: Random; known: Known };

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Encodes text for a URL, lone surrogates included (as the bytes a careless client would send). */
export function encodeText(text: string): string {
  // encodeURIComponent throws on a lone surrogate: swap in a placeholder, then its bytes for the surrogate's.
  return encodeURIComponent(text.replace(LONE_SURROGATE, '\uE000')).replace(/%EE%80%80/g, '%ED%A0%80');
}

const schemaOf = (s: unknown): ZodTypeAny | undefined => (isZod(s) ? s : undefined);

function queryString(query: unknown): string {
  if (!query || typeof query !== 'object' || Array.isArray(query)) return '';
  const parts: string[] = [];
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined) continue;
    for (const one of Array.isArray(v) ? v : [v])
      parts.push(`${encodeText(k)}=${encodeText(typeof one === 'string' ? one : JSON.stringify(one))}`);
  }
  return parts.join('&');
}

/** The path with each `:param` filled; values are encoded unless they come from the raw path list. */
function fillPath(path: string, params: Record<string, unknown>, raw: Set<string>): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const v = params[name];
    const text = typeof v === 'string' ? v : JSON.stringify(v ?? '');
    return raw.has(name) ? text : encodeText(text);
  });
}

/** JSON text of a body, with an own `__proto__` or `constructor` key kept (JSON.stringify of an object literal would drop it). */
function withPrototypeKey(body: unknown, rng: Random): string {
  const json = JSON.stringify(body ?? {});
  const key = rng.pick([
    '"__proto__":{"admin":true,"polluted":1}',
    '"constructor":{"prototype":{"admin":true}}',
    '"__proto__":null',
    '"__proto__":[]',
  ]);
  return json.startsWith('{') && json !== '{}' ? `{${key},${json.slice(1)}` : `{${key}}`;
}

/**
 * One generated case for a route: a valid request, or one with a single thing broken (a field, a query
 * parameter, a path parameter, the body's shape, its encoding or its content type).
 */
export function buildCase(entry: ContractRoute, identity: Identity, ctx: Ctx): FuzzCase {
  const { rng, known } = ctx;
  const { route } = entry;
  const base = { route: entry.id, access: entry.access, identity, method: route.method };
  if ((route as { contentType?: string }).contentType === 'multipart/form-data') {
    return { ...base, ...multipartCase(route.path, rng, known) };
  }

  const paramsSchema = schemaOf((route as { pathParams?: unknown }).pathParams);
  const querySchema = schemaOf((route as { query?: unknown }).query);
  const bodySchema = route.method === 'GET' ? undefined : schemaOf((route as { body?: unknown }).body);
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';

  const text = { rng, known, transport: 'text' as const };
  const json = { rng, known, transport: 'json' as const };
  const params = (paramsSchema ? acceptedValue(paramsSchema, text) : {}) as Record<string, unknown>;
  // A file's id and name only make sense together: name a stored file now and then.
  if ('fileName' in params && known.files.length && rng.chance(0.5)) Object.assign(params, rng.pick(known.files));
  let query = querySchema ? acceptedValue(querySchema, text) : undefined;
  let body = bodySchema ? acceptedValue(bodySchema, json) : undefined;
  let rawQuery = '';
  let payload: string | undefined;
  let contentType: string | undefined = hasBody ? 'application/json' : undefined;
  const rawParams = new Set<string>();
  let note = 'valid';

  const mutators: Array<() => void> = [];
  if (paramsSchema) {
    for (const name of Object.keys(params)) {
      mutators.push(() => {
        const text = rng.pick(PATH_TEXTS);
        // '007' or '+1' may name a fuzzing identity's own account: keep those out of reach.
        params[name] = known.protectedIds.has(Number(text)) ? '0' : text;
        rawParams.add(name);
        note = `path ${name}`;
      });
    }
  }
  if (querySchema) {
    const fields = fieldsOf(querySchema);
    mutators.push(
      () => {
        const f = rng.pick(fields);
        query = setAt(query, f.path, rng.chance(0.1) ? undefined : hostileValue(f.schema, text, String(f.path.at(-1))));
        note = `query ${f.path.join('.')}`;
      },
      () => {
        const f = rng.pick(fields);
        query = setAt(query, f.path, hostileValue(f.schema, text, String(f.path.at(-1))));
        const g = rng.pick(fields);
        query = setAt(query, g.path, hostileValue(g.schema, text, String(g.path.at(-1))));
        note = `query ${f.path.join('.')} and ${g.path.join('.')}`;
      },
      () => {
        rawQuery = rng.pick(RAW_QUERIES);
        note = 'raw query';
      },
    );
  }
  if (bodySchema) {
    const fields = fieldsOf(bodySchema);
    if (fields.length) {
      const breakField = () => {
        const f = rng.pick(fields);
        const missing = rng.chance(0.1);
        body = setAt(body, f.path, missing ? undefined : hostileValue(f.schema, json, String(f.path.at(-1))));
        note = `body ${f.path.join('.')}${missing ? ' missing' : ''}`;
      };
      mutators.push(breakField, breakField, breakField, () => {
        for (let i = 0; i < 3; i++) {
          const f = rng.pick(fields);
          body = setAt(body, f.path, hostileValue(f.schema, json, String(f.path.at(-1))));
        }
        note = 'body three fields';
      });
    }
    mutators.push(
      () => {
        body = setAt(
          body,
          [rng.pick(['unexpected', 'id', 'createdAt', 'passwordHash', 'admin'])],
          rng.pick(WRONG_TYPES),
        );
        note = 'body extra field';
      },
      () => {
        payload = withPrototypeKey(body, rng);
        note = 'body prototype key';
      },
      () => {
        body = hostileValue(bodySchema, json);
        note = 'body whole';
      },
    );
  }
  if (hasBody) {
    mutators.push(
      () => {
        payload = rng.pick(RAW_BODIES);
        note = 'raw body';
      },
      () => {
        contentType = rng.pick(CONTENT_TYPES);
        note = `content type ${contentType}`;
      },
    );
  }
  // About one case in six stays valid, so records get made and later cases can name them.
  if (mutators.length && !rng.chance(0.15)) rng.pick(mutators)();

  if (hasBody && payload === undefined && body !== undefined) payload = JSON.stringify(body);
  const qs = [queryString(query), rawQuery].filter(Boolean).join('&');
  const url = `${fillPath(route.path, params, rawParams)}${qs ? `?${qs}` : ''}`;
  const headers: Record<string, string> = contentType && payload !== undefined ? { 'content-type': contentType } : {};
  return { ...base, url, headers, payload, note };
}
