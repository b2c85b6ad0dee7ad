import OpenAI from 'openai';
import type { Config } from '../../config.js';

/**
 * A failed chat provider call, with a message staff can read. `status`: the provider's HTTP status (none
 * for a timeout, a network failure or an unreadable answer).
 */
export class ChatProviderError extends Error {
  constructor(
    message: string,
    public readonly status?: number,
  ) {
    super(message);
  }
}

export type ChatMessage = { role: 'system' | 'user' | 'assistant'; content: string };
/** The tools a Chat template may offer (spec 03 §3 functionCalls). */
export type ChatTool = 'save_goal' | 'update_goal';
export type ChatToolCall = { name: ChatTool; arguments: Record<string, unknown> };

export type ChatRequest = {
  messages: ChatMessage[];
  /** Structured output: the answer must be JSON of this schema (Programmatic templates). */
  jsonSchema?: { name: string; schema: Record<string, unknown> };
  /** Function calling (Chat templates). */
  tools?: ChatTool[];
};

/** `text` for a plain answer, `json` for a structured one (parsed, not yet validated), plus any tool calls. */
export type ChatAnswer = { text: string | null; json: unknown; toolCalls: ChatToolCall[] };

export interface ChatProvider {
  complete(request: ChatRequest, signal?: AbortSignal): Promise<ChatAnswer>;
}

export type ChatProviderOptions = {
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
  retries: number;
};

/** Whether a chat provider is configured (AI_API_KEY set). */
export const chatConfigured = (config: Config) => !!config.AI_API_KEY;

/** One provider (one OpenAI client and its connection pool) per configuration, made on first use. */
const providers = new WeakMap<Config, ChatProvider>();

/** The configured provider, or null when AI_API_KEY is unset. */
export function chatProviderFrom(config: Config): ChatProvider | null {
  if (!config.AI_API_KEY) return null;
  let provider = providers.get(config);
  if (!provider) {
    provider = createChatProvider({
      baseUrl: config.AI_BASE_URL,
      apiKey: config.AI_API_KEY,
      model: config.AI_MODEL,
      timeoutMs: config.AI_TIMEOUT_MS,
      retries: config.AI_RETRIES,
    });
    providers.set(config, provider);
  }
  return provider;
}

const GOAL_PARAMETERS = {
  type: 'object',
  properties: {
    title: { type: 'string', description: 'A short title of the goal' },
    description: { type: 'string', description: 'What the member wants to achieve, in their words' },
    dueDate: { type: 'string', description: 'The target date (YYYY-MM-DD), or an empty string' },
  },
  required: ['title', 'description', 'dueDate'],
  additionalProperties: false,
} as const;

const TOOLS: Record<ChatTool, OpenAI.Chat.Completions.ChatCompletionFunctionTool> = {
  save_goal: {
    type: 'function',
    function: {
      name: 'save_goal',
      description: "Save the member's new goal once they have agreed on it",
      parameters: GOAL_PARAMETERS,
    },
  },
  update_goal: {
    type: 'function',
    function: {
      name: 'update_goal',
      description: "Update the member's current goal with what they changed",
      parameters: GOAL_PARAMETERS,
    },
  },
};

/** The provider's own words from an error body (`{error: {message}}` or `{message}`), else null. */
function providerMessage(err: InstanceType<typeof OpenAI.APIError>): string | null {
  const body = err.error as { message?: unknown } | undefined;
  if (body && typeof body.message === 'string' && body.message.trim()) return body.message;
  return null;
}

/** Any failure of the package turned into a ChatProviderError with a clear message. */
export function toChatError(err: unknown, timeoutMs: number): unknown {
  if (err instanceof ChatProviderError) return err;
  if (err instanceof OpenAI.APIUserAbortError) return err;
  if (err instanceof OpenAI.APIConnectionTimeoutError)
    return new ChatProviderError(`The AI provider did not answer within ${Math.round(timeoutMs / 100) / 10} s`);
  if (err instanceof OpenAI.APIConnectionError)
    return new ChatProviderError(
      `The AI provider could not be reached (${err.cause instanceof Error ? err.cause.message : err.message})`,
    );
  if (err instanceof OpenAI.APIError) {
    const status = err.status ?? undefined;
    const said = providerMessage(err);
    if (status === 429)
      return new ChatProviderError(`The AI provider is busy (429)${said ? `: ${said}` : ''}; try again later`, 429);
    if (status !== undefined && status >= 500)
      return new ChatProviderError(`The AI provider failed (${status})${said ? `: ${said}` : ''}`, status);
    if (status === 401 || status === 403)
      return new ChatProviderError(`The AI provider refused the request (${status}): the API key was refused`, status);
    return new ChatProviderError(
      `The AI provider refused the request${status ? ` (${status})` : ''}: ${said ?? 'the request was refused'}`,
      status,
    );
  }
  if (err instanceof SyntaxError || err instanceof OpenAI.OpenAIError)
    return new ChatProviderError(`The AI provider sent an answer that could not be read (${err.message})`);
  return err;
}

const malformed = (what: string) =>
  new ChatProviderError(`The AI provider sent an answer that could not be read (${what})`);

function readToolCalls(calls: unknown): ChatToolCall[] {
  if (calls == null) return [];
  if (!Array.isArray(calls)) throw malformed('tool_calls is not a list');
  return calls.flatMap((call: { type?: string; function?: { name?: unknown; arguments?: unknown } }) => {
    const name = call?.function?.name;
    if (name !== 'save_goal' && name !== 'update_goal') return [];
    let args: unknown;
    try {
      args = JSON.parse(typeof call.function?.arguments === 'string' ? call.function.arguments : '{}');
    } catch {
      throw malformed(`the ${name} arguments are not JSON`);
    }
    if (typeof args !== 'object' || args === null || Array.isArray(args))
      throw malformed(`the ${name} arguments are not an object`);
    return [{ name, arguments: args as Record<string, unknown> }];
  });
}

/** The official `openai` package at any OpenAI-compatible base URL; its own timeout and retries (backoff, Retry-After) apply. */
export function createChatProvider(options: ChatProviderOptions): ChatProvider {
  const client = new OpenAI({
    apiKey: options.apiKey,
    baseURL: options.baseUrl,
    timeout: options.timeoutMs,
    maxRetries: options.retries,
  });
  return {
    async complete(request, signal) {
      let completion: OpenAI.Chat.Completions.ChatCompletion;
      try {
        completion = await client.chat.completions.create(
          {
            model: options.model,
            messages: request.messages,
            ...(request.jsonSchema
              ? {
                  response_format: {
                    type: 'json_schema',
                    json_schema: { name: request.jsonSchema.name, schema: request.jsonSchema.schema, strict: true },
                  },
                }
              : {}),
            ...(request.tools?.length ? { tools: request.tools.map((t) => TOOLS[t]) } : {}),
          },
          { signal },
        );
      } catch (err) {
        throw toChatError(err, options.timeoutMs);
      }
      const message =
        (completion as { choices?: unknown }).choices && Array.isArray(completion.choices)
          ? completion.choices[0]?.message
          : undefined;
      if (!message || typeof message !== 'object') throw malformed('no choices');
      const content = typeof message.content === 'string' ? message.content : null;
      const toolCalls = readToolCalls(message.tool_calls);
      if (message.refusal) throw new ChatProviderError(`The AI provider refused to answer: ${message.refusal}`);
      if (request.jsonSchema) {
        if (!content) throw malformed('no JSON content');
        try {
          return { text: null, json: JSON.parse(content) as unknown, toolCalls };
        } catch {
          throw malformed('the content is not JSON');
        }
      }
      if (content === null && !toolCalls.length) throw malformed('no content');
      return { text: content ?? '', json: null, toolCalls };
    },
  };
}
