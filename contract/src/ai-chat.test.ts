import { describe, expect, it } from 'vitest';
import {
  AI_JSON_SCHEMAS,
  AI_JSON_SCHEMA_NAMES,
  AiChatTemplateInput,
  applyTypeRules,
  jsonSchemaProblem,
  promptText,
  type JsonSchema,
} from './ai-chat.js';

const doc = { type: 'doc' as const, content: [] };

describe('the AI chat template type rules (spec 03 §4)', () => {
  it('forces Programmatic off emojis and function calls; the schema only for Programmatic; functions only for Chat', () => {
    const base = {
      name: 'T',
      userPrompt: doc,
      developerPrompt: doc,
      useEmojis: true,
      functionCalls: ['save_goal', 'update_goal'] as const,
      jsonSchema: 'Goal Creation Schema' as const,
    };
    expect(AiChatTemplateInput.parse({ ...base, type: 'Programmatic' })).toMatchObject({
      useEmojis: false,
      functionCalls: [],
      jsonSchema: 'Goal Creation Schema',
    });
    expect(AiChatTemplateInput.parse({ ...base, type: 'Feedback' })).toMatchObject({
      useEmojis: true,
      functionCalls: [],
      jsonSchema: null,
    });
    expect(AiChatTemplateInput.parse({ ...base, type: 'Chat' })).toMatchObject({
      useEmojis: true,
      functionCalls: ['save_goal', 'update_goal'],
      jsonSchema: null,
    });
    expect(
      applyTypeRules({ type: 'Chat', useEmojis: false, functionCalls: ['save_goal', 'save_goal'], jsonSchema: null })
        .functionCalls,
    ).toEqual(['save_goal']);
  });

  it("says 'Name is required'", () => {
    const res = AiChatTemplateInput.safeParse({ name: ' ', type: 'Chat', userPrompt: doc, developerPrompt: doc });
    expect(res.success).toBe(false);
    expect(res.error?.issues[0]?.message).toBe('Name is required');
  });
});

describe('the JSON schemas', () => {
  it('are strict JSON schemas: every object lists all its properties as required, and no others', () => {
    const check = (s: JsonSchema) => {
      if (s.type === 'object') {
        expect(s.additionalProperties).toBe(false);
        expect(s.required).toEqual(Object.keys(s.properties ?? {}));
        Object.values(s.properties ?? {}).forEach(check);
      }
      if (s.items) check(s.items);
    };
    for (const name of AI_JSON_SCHEMA_NAMES) {
      expect(AI_JSON_SCHEMAS[name].id).toMatch(/^[a-z_]+$/);
      check(AI_JSON_SCHEMAS[name].schema);
    }
  });

  it('validate answers', () => {
    const schema = AI_JSON_SCHEMAS['Task Creation Schema'].schema;
    expect(
      jsonSchemaProblem({ tasks: [{ title: 'a', description: 'b', priority: 'high', estimateMinutes: 30 }] }, schema),
    ).toBeNull();
    expect(
      jsonSchemaProblem({ tasks: [{ title: 'a', description: 'b', priority: 'urgent', estimateMinutes: 30 }] }, schema),
    ).toBe('tasks[0].priority: expected one of low, medium, high');
    expect(
      jsonSchemaProblem({ tasks: [{ title: 'a', description: 'b', priority: 'low', estimateMinutes: 1.5 }] }, schema),
    ).toBe('tasks[0].estimateMinutes: expected integer, got number');
    expect(jsonSchemaProblem({ tasks: [], extra: 1 }, schema)).toBe('unexpected extra');
    expect(jsonSchemaProblem([], schema)).toBe('expected object, got array');
  });
});

describe('promptText', () => {
  it('turns a rich-text prompt into lines, lists marked and children indented', () => {
    const prompt = {
      type: 'doc',
      content: [
        { type: 'heading', content: [{ type: 'text', text: 'Role' }] },
        {
          type: 'bulletListItem',
          content: [
            { type: 'text', text: 'Coach ' },
            { type: 'link', href: 'https://x.org', content: [{ type: 'text', text: '{{firstName}}' }] },
          ],
          children: [{ type: 'paragraph', content: [{ type: 'text', text: 'gently' }] }],
        },
        { type: 'paragraph', content: [] },
      ],
    };
    expect(promptText(prompt)).toBe('Role\n- Coach {{firstName}}\n  gently');
  });
});
