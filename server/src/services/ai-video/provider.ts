import { setTimeout as sleep } from 'node:timers/promises';
import type { ProviderTemplate, ProviderVariable } from '@app/contract';
import type { Config } from '../../config.js';

/**
 * A failed provider call, with a message staff can read. `status`: the provider's HTTP status (none for a
 * timeout, a network failure or an unreadable answer). `rejected`: the provider refused the request itself
 * (a 4xx other than 429), so trying again will not help.
 */
export class VideoProviderError extends Error {
  constructor(
    message: string,
    public readonly status?: number,
    public readonly rejected = false,
  ) {
    super(message);
  }
}

/** HeyGen's video states (`GET /v1/video_status.get`); anything else is read as still in progress. */
export type ProviderVideoState = {
  state: 'processing' | 'completed' | 'failed';
  videoUrl: string | null;
  thumbnailUrl: string | null;
  error: string | null;
};

export interface VideoProvider {
  listTemplates(signal?: AbortSignal): Promise<ProviderTemplate[]>;
  templateVariables(templateId: string, signal?: AbortSignal): Promise<ProviderVariable[]>;
  /** Starts a render; answers the provider's video id. */
  generate(
    templateId: string,
    input: { title: string; variables: Record<string, string>; callbackUrl?: string },
    signal?: AbortSignal,
  ): Promise<string>;
  videoStatus(videoId: string, signal?: AbortSignal): Promise<ProviderVideoState>;
  /** Deletes a video; one the provider no longer has counts as deleted. */
  deleteVideo(videoId: string, signal?: AbortSignal): Promise<void>;
}

export type VideoProviderOptions = {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  /** Further attempts after a 429, a 5xx, a timeout or a network failure. */
  retries: number;
  /** The first backoff; it doubles each attempt (with jitter), and a Retry-After header is honoured up to 30 s. */
  backoffMs?: number;
};

/** The configured provider, or null when VIDEO_API_KEY is unset. */
export function videoProviderFrom(config: Config, overrides: Partial<VideoProviderOptions> = {}): VideoProvider | null {
  if (!config.VIDEO_API_KEY) return null;
  return createVideoProvider({
    baseUrl: config.VIDEO_API_URL,
    apiKey: config.VIDEO_API_KEY,
    timeoutMs: config.VIDEO_API_TIMEOUT_MS,
    retries: config.VIDEO_API_RETRIES,
    ...overrides,
  });
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);

/** The provider's own words from an error body: `{error: {message}}`, `{error: '...'}`, `{message}`. */
function providerMessage(body: unknown): string | null {
  if (!isObject(body)) return null;
  const { error, message } = body;
  if (isObject(error)) return text(error.message) ?? text(error.detail) ?? text(error.code);
  return text(error) ?? text(message);
}

function malformed(what: string): VideoProviderError {
  return new VideoProviderError(`The video provider sent an answer that could not be read (${what})`);
}

export function createVideoProvider(options: VideoProviderOptions): VideoProvider {
  const base = options.baseUrl.replace(/\/+$/, '');
  const backoffMs = options.backoffMs ?? 500;

  async function once(
    method: string,
    path: string,
    body: unknown,
    signal: AbortSignal | undefined,
  ): Promise<{ status: number; json: unknown; retryAfter: number | null }> {
    const timeout = AbortSignal.timeout(options.timeoutMs);
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers: {
          'X-Api-Key': options.apiKey,
          accept: 'application/json',
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        body: body !== undefined ? JSON.stringify(body) : undefined,
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (err) {
      if (signal?.aborted) throw err;
      if (timeout.aborted)
        throw new VideoProviderError(
          `The video provider did not answer within ${Math.round(options.timeoutMs / 100) / 10} s`,
        );
      throw new VideoProviderError(
        `The video provider could not be reached (${(err as Error).cause instanceof Error ? ((err as Error).cause as Error).message : (err as Error).message})`,
      );
    }
    const raw = await res.text().catch(() => '');
    let json: unknown = undefined;
    if (raw.trim()) {
      try {
        json = JSON.parse(raw);
      } catch {
        json = undefined;
        if (res.ok) throw malformed('not JSON');
      }
    }
    const after = Number(res.headers.get('retry-after'));
    return {
      status: res.status,
      json,
      retryAfter: Number.isFinite(after) && after >= 0 ? Math.min(after, 30) * 1000 : null,
    };
  }

  /** One call with retries; answers the JSON of a 2xx, else throws a VideoProviderError. */
  async function call(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<unknown> {
    for (let attempt = 0; ; attempt++) {
      let failure: VideoProviderError;
      let wait: number | null = null;
      try {
        const res = await once(method, path, body, signal);
        if (res.status >= 200 && res.status < 300) {
          // HeyGen also reports some failures in a 200 body: `{error: {...}}` or `{code: <not 100>}`.
          const own = isObject(res.json) && res.json.error ? providerMessage(res.json) : null;
          if (own) throw new VideoProviderError(`The video provider refused the request: ${own}`, res.status, true);
          return res.json;
        }
        const said = providerMessage(res.json);
        if (res.status === 429) {
          failure = new VideoProviderError(
            `The video provider is busy (429)${said ? `: ${said}` : ''}; try again later`,
            429,
          );
          wait = res.retryAfter;
        } else if (res.status >= 500) {
          failure = new VideoProviderError(
            `The video provider failed (${res.status})${said ? `: ${said}` : ''}`,
            res.status,
          );
        } else {
          const why =
            res.status === 401 || res.status === 403 ? 'the API key was refused' : (said ?? 'the request was refused');
          throw new VideoProviderError(
            `The video provider refused the request (${res.status}): ${why}`,
            res.status,
            true,
          );
        }
      } catch (err) {
        if (
          !(err instanceof VideoProviderError) ||
          err.rejected ||
          err.message.startsWith('The video provider sent an answer')
        )
          throw err;
        failure = err;
      }
      if (attempt >= options.retries) throw failure;
      const delay = wait ?? backoffMs * 2 ** attempt * (0.75 + Math.random() * 0.5);
      await sleep(delay, undefined, signal ? { signal } : undefined);
    }
  }

  const data = (json: unknown, what: string): Record<string, unknown> => {
    if (!isObject(json) || !isObject(json.data)) throw malformed(`no data in the ${what} answer`);
    return json.data;
  };

  return {
    async listTemplates(signal) {
      const list = data(await call('GET', '/v2/templates', undefined, signal), 'templates').templates;
      if (!Array.isArray(list)) throw malformed('no template list');
      return list.map((t, i) => {
        if (!isObject(t) || !text(t.template_id)) throw malformed(`template ${i + 1} has no id`);
        return {
          id: String(t.template_id),
          name: text(t.name) ?? String(t.template_id),
          thumbnailUrl: text(t.thumbnail_image_url) ?? text(t.thumbnail_url),
        };
      });
    },

    async templateVariables(templateId, signal) {
      const vars = data(
        await call('GET', `/v2/template/${encodeURIComponent(templateId)}`, undefined, signal),
        'template',
      ).variables;
      // Documented as an object keyed by variable name; older answers listed them.
      const entries = Array.isArray(vars)
        ? vars
        : isObject(vars)
          ? Object.entries(vars).map(([name, v]) => ({ name, ...(isObject(v) ? v : {}) }))
          : null;
      if (!entries) throw malformed('no variables in the template');
      return entries.map((v, i) => {
        if (!isObject(v) || !text(v.name)) throw malformed(`variable ${i + 1} has no name`);
        return { name: String(v.name), type: text(v.type) ?? 'text' };
      });
    },

    async generate(templateId, input, signal) {
      const variables = Object.fromEntries(
        Object.entries(input.variables).map(([name, content]) => [
          name,
          { name, type: 'text', properties: { content } },
        ]),
      );
      const body = { title: input.title, variables, ...(input.callbackUrl ? { callback_url: input.callbackUrl } : {}) };
      const id = data(
        await call('POST', `/v2/template/${encodeURIComponent(templateId)}/generate`, body, signal),
        'generate',
      ).video_id;
      if (!text(id)) throw malformed('no video_id');
      return String(id);
    },

    async videoStatus(videoId, signal) {
      const d = data(
        await call('GET', `/v1/video_status.get?video_id=${encodeURIComponent(videoId)}`, undefined, signal),
        'status',
      );
      if (!text(d.status)) throw malformed('no status');
      const state = d.status === 'completed' ? 'completed' : d.status === 'failed' ? 'failed' : 'processing';
      const error = isObject(d.error)
        ? (text(d.error.detail) ?? text(d.error.message) ?? text(d.error.code))
        : text(d.error);
      return {
        state,
        videoUrl: text(d.video_url),
        thumbnailUrl: text(d.thumbnail_url),
        error: state === 'failed' ? (error ?? 'The video provider could not render the video') : null,
      };
    },

    async deleteVideo(videoId, signal) {
      try {
        await call('DELETE', `/v1/video.delete?video_id=${encodeURIComponent(videoId)}`, undefined, signal);
      } catch (err) {
        if (err instanceof VideoProviderError && err.status === 404) return;
        throw err;
      }
    },
  };
}
