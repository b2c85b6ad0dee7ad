import { z } from 'zod';

/**
 * A plausible value for a zod schema, so every contract route has a mock answer without
 * hand-written fixtures. Deterministic: the same schema gives the same value.
 */
export function sample(schema: z.ZodTypeAny, key = ''): unknown {
  const def = schema._def as { typeName: z.ZodFirstPartyTypeKind } & Record<string, any>;
  switch (def.typeName) {
    case z.ZodFirstPartyTypeKind.ZodString: {
      const checks: Array<{ kind: string }> = def.checks ?? [];
      if (checks.some((c) => c.kind === 'email')) return 'jane.doe@example.edu';
      if (checks.some((c) => c.kind === 'url')) return 'https://example.edu';
      if (checks.some((c) => c.kind === 'uuid')) return '00000000-0000-4000-8000-000000000001';
      if (checks.some((c) => c.kind === 'datetime') || /At$|Date$|start|end/i.test(key))
        return '2026-01-15T15:00:00.000Z';
      return key ? `Sample ${key}` : 'Sample';
    }
    case z.ZodFirstPartyTypeKind.ZodNumber:
      return 1;
    case z.ZodFirstPartyTypeKind.ZodBigInt:
      return BigInt(1);
    case z.ZodFirstPartyTypeKind.ZodBoolean:
      return true;
    case z.ZodFirstPartyTypeKind.ZodDate:
      return new Date('2026-01-15T15:00:00.000Z');
    case z.ZodFirstPartyTypeKind.ZodLiteral:
      return def.value;
    case z.ZodFirstPartyTypeKind.ZodEnum:
      return def.values[0];
    case z.ZodFirstPartyTypeKind.ZodNativeEnum:
      return Object.values(def.values)[0];
    case z.ZodFirstPartyTypeKind.ZodArray:
      return [0, 1, 2].map((i) => withIndex(sample(def.type, key), i));
    case z.ZodFirstPartyTypeKind.ZodObject: {
      const shape = (schema as z.AnyZodObject).shape as Record<string, z.ZodTypeAny>;
      return Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, sample(v, k)]));
    }
    case z.ZodFirstPartyTypeKind.ZodRecord:
      return {};
    case z.ZodFirstPartyTypeKind.ZodUnion:
    case z.ZodFirstPartyTypeKind.ZodDiscriminatedUnion:
      return sample(def.options[0], key);
    case z.ZodFirstPartyTypeKind.ZodIntersection:
      return { ...(sample(def.left, key) as object), ...(sample(def.right, key) as object) };
    case z.ZodFirstPartyTypeKind.ZodTuple:
      return def.items.map((s: z.ZodTypeAny) => sample(s, key));
    case z.ZodFirstPartyTypeKind.ZodNullable:
    case z.ZodFirstPartyTypeKind.ZodOptional:
    case z.ZodFirstPartyTypeKind.ZodReadonly:
    case z.ZodFirstPartyTypeKind.ZodBranded:
    case z.ZodFirstPartyTypeKind.ZodCatch:
      return sample(def.innerType ?? def.type, key);
    case z.ZodFirstPartyTypeKind.ZodDefault:
      return def.defaultValue();
    case z.ZodFirstPartyTypeKind.ZodEffects:
      return sample(def.schema, key);
    case z.ZodFirstPartyTypeKind.ZodPipeline:
      return sample(def.out, key);
    case z.ZodFirstPartyTypeKind.ZodLazy:
      return sample(def.getter(), key);
    default:
      return null;
  }
}

// Rows of a sample list differ in id and text, so lists render as lists.
export function withIndex(value: unknown, i: number): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const out: Record<string, unknown> = { ...(value as object) };
  for (const [k, v] of Object.entries(out)) {
    if (k === 'id' && typeof v === 'number') out[k] = v + i;
    else if (typeof v === 'string' && v.startsWith('Sample')) out[k] = `${v} ${i + 1}`;
  }
  return out;
}
