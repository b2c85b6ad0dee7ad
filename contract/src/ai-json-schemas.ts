// The JSON schemas a Programmatic AI chat template may answer in (spec 03 §3 jsonSchema). Each is a real
// JSON schema in the subset OpenAI's strict structured output accepts (every property required, no extra
// properties), and `jsonSchemaProblem` checks an answer against it here, so the server and the screens agree.

export const AI_JSON_SCHEMA_NAMES = [
  'Goal Creation Schema',
  'Task Creation Schema',
  'Resume Analysis Schema',
  'Resume Summary Schema',
] as const;
export type AiJsonSchemaName = (typeof AI_JSON_SCHEMA_NAMES)[number];

export type JsonSchema = {
  type?: 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean';
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean;
  items?: JsonSchema;
  enum?: readonly (string | number)[];
};

const text = (description: string): JsonSchema => ({ type: 'string', description });
const texts = (description: string): JsonSchema => ({ type: 'array', description, items: { type: 'string' } });
const object = (properties: Record<string, JsonSchema>, description?: string): JsonSchema => ({
  type: 'object',
  ...(description ? { description } : {}),
  properties,
  required: Object.keys(properties),
  additionalProperties: false,
});

/** Each schema with the identifier the provider gets as its name (letters, digits, `_`). */
export const AI_JSON_SCHEMAS: Record<AiJsonSchemaName, { id: string; schema: JsonSchema }> = {
  'Goal Creation Schema': {
    id: 'goal_creation',
    schema: object({
      goals: {
        type: 'array',
        description: 'The goals suggested to the member',
        items: object({
          title: text('A short title of the goal'),
          description: text('What achieving it looks like'),
          targetDate: text('When it should be reached (YYYY-MM-DD), or an empty string'),
          steps: texts('The first concrete steps'),
        }),
      },
    }),
  },
  'Task Creation Schema': {
    id: 'task_creation',
    schema: object({
      tasks: {
        type: 'array',
        description: 'The tasks suggested to the member',
        items: object({
          title: text('A short title of the task'),
          description: text('What to do'),
          priority: { type: 'string', enum: ['low', 'medium', 'high'] },
          estimateMinutes: { type: 'integer', description: 'The time it should take, in minutes' },
        }),
      },
    }),
  },
  'Resume Analysis Schema': {
    id: 'resume_analysis',
    schema: object({
      score: { type: 'integer', description: 'Overall quality from 0 to 100' },
      strengths: texts('What the resume does well'),
      improvements: texts('What to change, most important first'),
      summary: text('The analysis in two or three sentences'),
    }),
  },
  'Resume Summary Schema': {
    id: 'resume_summary',
    schema: object({
      headline: text('A one-line professional headline'),
      summary: text('A short summary of the resume'),
      skills: texts('The main skills'),
    }),
  },
};

const kind = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

/**
 * The first way `value` breaks `schema` (path and message), else null.
 * @example jsonSchemaProblem({ headline: 1 }, AI_JSON_SCHEMAS['Resume Summary Schema'].schema) // 'headline: expected string, got number'
 */
export function jsonSchemaProblem(value: unknown, schema: JsonSchema, path = ''): string | null {
  const at = (msg: string) => (path ? `${path}: ${msg}` : msg);
  const got = kind(value);
  if (schema.enum && !schema.enum.includes(value as string | number))
    return at(`expected one of ${schema.enum.join(', ')}`);
  switch (schema.type) {
    case 'object': {
      if (got !== 'object') return at(`expected object, got ${got}`);
      const obj = value as Record<string, unknown>;
      for (const key of schema.required ?? []) if (!(key in obj)) return at(`missing ${key}`);
      for (const [key, v] of Object.entries(obj)) {
        const sub = schema.properties?.[key];
        if (!sub) {
          if (schema.additionalProperties === false) return at(`unexpected ${key}`);
          continue;
        }
        const problem = jsonSchemaProblem(v, sub, path ? `${path}.${key}` : key);
        if (problem) return problem;
      }
      return null;
    }
    case 'array': {
      if (got !== 'array') return at(`expected array, got ${got}`);
      for (const [i, v] of (value as unknown[]).entries()) {
        const problem = schema.items ? jsonSchemaProblem(v, schema.items, `${path}[${i}]`) : null;
        if (problem) return problem;
      }
      return null;
    }
    case 'integer':
      return Number.isInteger(value) ? null : at(`expected integer, got ${got}`);
    case 'number':
    case 'string':
    case 'boolean':
      return got === schema.type ? null : at(`expected ${schema.type}, got ${got}`);
    default:
      return null;
  }
}
