import type { ZodTypeAny } from 'zod';
import type { Random } from './random.js';
import { DATE_TEXTS, HOSTILE_NUMBERS, NUMBER_TEXTS, STRANGE_TEXTS, WRONG_TYPES } from './values.js';

/** What earlier answers revealed: ids that exist, so a case can name a real record as well as a missing one. */
export type Known = {
  ids: number[];
  uuids: string[];
  files: Array<{ id: number; fileName: string }>;
  protectedIds: Set<number>;
  /** Uuids no case may name (another chapter's event, kept where it is for the advisor's check). */
  protectedUuids?: Set<string>;
};

/** 'json' fields keep their types; 'text' fields (path and query) travel as strings. */
export type Transport = 'json' | 'text';
type Ctx = { rng: Random; known: Known; transport: Transport };

type Def = { typeName?: string; [k: string]: any };
const def = (s: ZodTypeAny): Def => (s as unknown as { _def: Def })._def;
const isZod = (s: unknown): s is ZodTypeAny => typeof s === 'object' && s !== null && '_def' in s && 'safeParse' in s;

/** The schema under optional/nullable/default/effects wrappers: what a field really is. */
export function baseOf(schema: ZodTypeAny): ZodTypeAny {
  const d = def(schema);
  switch (d.typeName) {
    case 'ZodOptional':
    case 'ZodNullable':
    case 'ZodDefault':
    case 'ZodCatch':
    case 'ZodReadonly':
      return baseOf(d.innerType);
    case 'ZodBranded':
      return baseOf(d.type);
    case 'ZodEffects':
      return baseOf(d.schema);
    case 'ZodPipeline':
      return baseOf(d.in);
    case 'ZodLazy':
      return baseOf(d.getter());
    default:
      return schema;
  }
}

const checks = (s: ZodTypeAny) => (def(s).checks ?? []) as Array<{ kind: string; value?: number; inclusive?: boolean }>;
const check = (s: ZodTypeAny, kind: string) => checks(s).find((c) => c.kind === kind);

let serial = 0;
const word = (rng: Random, length: number) =>
  Array.from({ length }, () => 'abcdefghijklmnopqrstuvwxyz'[rng.int(0, 25)]).join('');
const uuid = (rng: Random) => 'xxxxxxxx-xxxx-4xxx-8xxx-xxxxxxxxxxxx'.replace(/x/g, () => rng.int(0, 15).toString(16));
const day = (rng: Random) =>
  `${rng.int(2000, 2030)}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`;
/** A future instant, so a generated event can still be changed later in the run. */
const future = (rng: Random) =>
  new Date(Date.now() + rng.int(2, 300) * 86_400_000 + rng.int(0, 86_399) * 1000).toISOString();

function validString(schema: ZodTypeAny, key: string, ctx: Ctx): string {
  const { rng } = ctx;
  if (check(schema, 'email') || /email/i.test(key)) return `fuzz${++serial}.${word(rng, 4)}@example.test`;
  if (check(schema, 'uuid') || /uuid/i.test(key))
    return rng.chance(0.7) && ctx.known.uuids.length ? rng.pick(ctx.known.uuids) : uuid(rng);
  if (check(schema, 'datetime') || /^(event)?(start|end)$/i.test(key)) return future(rng);
  if (check(schema, 'url') || /website|url|page$/i.test(key)) return `https://example.test/${word(rng, 5)}`;
  if (/(from|to|date)$/i.test(key) || /At$/.test(key)) return day(rng);
  if (/phone/i.test(key)) return '+12025550123';
  if (/password/i.test(key)) return 'Fuzz-pass-7291';
  if (/^sort$/.test(key)) return rng.pick(['', 'id:asc', 'id:desc', 'name:asc']);
  const min = check(schema, 'min')?.value ?? 1;
  const max = check(schema, 'max')?.value ?? 24;
  return word(rng, rng.int(Math.max(min, 1), Math.max(Math.min(max, 24), min, 1)));
}

function validNumber(schema: ZodTypeAny, key: string, ctx: Ctx): number {
  const { rng, known } = ctx;
  // A reference (`id`, `logoId`, `chapterId`, ...): often a record that exists, otherwise one that does not.
  if (/id$/i.test(key)) {
    const ids = known.ids.filter((id) => !known.protectedIds.has(id));
    if (ids.length && rng.chance(0.6)) return rng.pick(ids);
    let id = rng.int(1, 100_000);
    while (known.protectedIds.has(id)) id++;
    return id;
  }
  const min = check(schema, 'min')?.value ?? 0;
  const max = check(schema, 'max')?.value ?? 1000;
  return rng.int(Math.ceil(Math.max(min, -1000)), Math.floor(Math.min(max, 1000)));
}

/** A value the schema should accept (best effort: custom refinements are guessed from the field's name). */
export function validValue(schema: ZodTypeAny, ctx: Ctx, key = ''): unknown {
  const d = def(schema);
  const { rng } = ctx;
  switch (d.typeName) {
    case 'ZodOptional':
      return rng.chance(0.35) ? undefined : validValue(d.innerType, ctx, key);
    case 'ZodNullable':
      return rng.chance(0.2) ? null : validValue(d.innerType, ctx, key);
    case 'ZodDefault':
      return rng.chance(0.3) ? undefined : validValue(d.innerType, ctx, key);
    case 'ZodCatch':
    case 'ZodReadonly':
      return validValue(d.innerType, ctx, key);
    case 'ZodBranded':
      return validValue(d.type, ctx, key);
    case 'ZodEffects':
      return validValue(d.schema, ctx, key);
    case 'ZodPipeline':
      return validValue(d.in, ctx, key);
    case 'ZodLazy':
      return validValue(d.getter(), ctx, key);
    case 'ZodString':
      return validString(schema, key, ctx);
    case 'ZodNumber':
      return ctx.transport === 'text' ? String(validNumber(schema, key, ctx)) : validNumber(schema, key, ctx);
    case 'ZodBoolean':
      return ctx.transport === 'text' ? String(rng.chance(0.5)) : rng.chance(0.5);
    case 'ZodEnum':
      return rng.pick(d.values as string[]);
    case 'ZodNativeEnum':
      return rng.pick(Object.values(d.values as object));
    case 'ZodLiteral':
      return d.value;
    case 'ZodNull':
      return null;
    case 'ZodDate':
      return future(rng);
    case 'ZodArray':
      return Array.from({ length: rng.int(0, 3) }, () => validValue(d.type, ctx, key));
    case 'ZodUnion':
    case 'ZodDiscriminatedUnion':
      return validValue(rng.pick([...(d.options as ZodTypeAny[])]), ctx, key);
    case 'ZodObject': {
      const out: Record<string, unknown> = {};
      for (const [k, s] of Object.entries(d.shape() as Record<string, ZodTypeAny>)) {
        const v = validValue(s, ctx, k);
        if (v !== undefined) out[k] = v;
      }
      return out;
    }
    default:
      return word(rng, 6);
  }
}

// Schemas whose generated values the schema keeps refusing (a refinement no field name explains):
// after a few tries, stop spending time on them.
const stubborn = new WeakMap<ZodTypeAny, number>();

/** Tries a few candidates and keeps one the schema accepts (the last one otherwise: still a useful case). */
export function acceptedValue(schema: ZodTypeAny, ctx: Ctx): unknown {
  const tries = (stubborn.get(schema) ?? 0) > 3 ? 1 : 6;
  let value: unknown;
  for (let i = 0; i < tries; i++) {
    value = validValue(schema, ctx);
    if (schema.safeParse(value).success) return value;
  }
  stubborn.set(schema, (stubborn.get(schema) ?? 0) + 1);
  return value;
}

export type Field = { path: Array<string | number>; schema: ZodTypeAny };

/** Every field of a schema, nested ones included, each with its path: the places a case can break. */
export function fieldsOf(schema: ZodTypeAny, path: Array<string | number> = []): Field[] {
  const base = baseOf(schema);
  const d = def(base);
  if (d.typeName === 'ZodObject') {
    return Object.entries(d.shape() as Record<string, ZodTypeAny>).flatMap(([k, s]) => [
      { path: [...path, k], schema: s },
      ...fieldsOf(s, [...path, k]),
    ]);
  }
  if (d.typeName === 'ZodArray') return [{ path: [...path, 0], schema: d.type }, ...fieldsOf(d.type, [...path, 0])];
  return [];
}

/** A text at, just past or far past the field's length limits (one, built on demand). */
/** Longest text a length bound makes: a number field's `max` (an id's 2,147,483,647) is no text length. */
const TEXT_BOUND = 1_000_000;

function lengthText(schema: ZodTypeAny, rng: Random): string {
  const bound = (v: number | undefined) => (v !== undefined && v <= TEXT_BOUND ? v : undefined);
  const max = bound(check(schema, 'max')?.value);
  const min = bound(check(schema, 'min')?.value);
  const makers: Array<() => string> = [() => 'x'.repeat(1000), () => ' '.repeat(300)];
  if (max !== undefined) {
    makers.push(
      () => 'x'.repeat(max),
      () => 'x'.repeat(max + 1),
      () => ' '.repeat(max + 1),
      () => 'é'.repeat(max + 1),
      () => '\u0000'.repeat(max),
    );
  }
  if (min !== undefined && min > 0) makers.push(() => 'x'.repeat(min - 1));
  return rng.pick(makers)();
}

/** A value meant to break a field: boundary lengths and numbers, odd text, dates, wrong types, missing. */
export function hostileValue(schema: ZodTypeAny, ctx: Ctx, key = ''): unknown {
  const { rng } = ctx;
  const base = baseOf(schema);
  const kind = def(base).typeName;
  let validCache: unknown;
  const valid = () => (validCache ??= validValue(base, ctx, key));
  const text = () =>
    rng.pick([
      () => rng.pick(STRANGE_TEXTS),
      () => rng.pick(DATE_TEXTS),
      () => rng.pick(NUMBER_TEXTS),
      () => lengthText(base, rng),
      // Hostile bytes inside an otherwise good value.
      () => {
        const good = valid();
        return typeof good === 'string' ? `${good}${rng.pick(['\u0000', '\uD800', '\uDFFF', '%00'])}` : '\u0000';
      },
    ])();
  if (ctx.transport === 'text') return rng.chance(0.1) ? [text(), text()] : text();
  if (rng.chance(0.15)) return rng.pick(WRONG_TYPES);
  switch (kind) {
    case 'ZodNumber': {
      const edge = [check(base, 'min')?.value, check(base, 'max')?.value].filter((v): v is number => v !== undefined);
      return rng.pick<() => unknown>([
        () => rng.pick(HOSTILE_NUMBERS),
        () => -rng.pick(HOSTILE_NUMBERS),
        () => rng.pick(NUMBER_TEXTS),
        () => (edge.length ? rng.pick(edge) + rng.pick([-1, 1, 0.5]) : 0),
      ])();
    }
    case 'ZodString':
    case 'ZodEnum':
    case 'ZodLiteral':
      return rng.chance(0.1) && typeof valid() === 'string' ? `${String(valid()).toUpperCase()} ` : text();
    case 'ZodBoolean':
      return rng.pick(['true', 1, 0, 'yes', null]);
    case 'ZodArray':
      return rng.pick<() => unknown>([
        () => Array.from({ length: 2000 }, valid),
        () => [rng.pick(WRONG_TYPES)],
        () => text(),
      ])();
    case 'ZodObject':
      return rng.pick<() => unknown>([
        () => ({}),
        () => ({ ...(valid() as object), unexpected: text() }),
        () => text(),
        () => [valid()],
      ])();
    default:
      return rng.chance(0.5) ? text() : rng.pick(HOSTILE_NUMBERS);
  }
}

/** Sets (or, with `undefined`, deletes) the value at `path`, making the objects on the way. */
export function setAt(root: unknown, path: Array<string | number>, value: unknown): unknown {
  if (!path.length) return value;
  const top = (root && typeof root === 'object' ? structuredClone(root) : {}) as Record<string | number, unknown>;
  let node = top;
  for (const [i, key] of path.entries()) {
    if (i === path.length - 1) {
      if (value === undefined) delete node[key];
      else node[key] = value;
    } else {
      const next = node[key];
      node[key] = next && typeof next === 'object' ? next : typeof path[i + 1] === 'number' ? [] : {};
      node = node[key] as Record<string | number, unknown>;
    }
  }
  return top;
}

export { isZod };
