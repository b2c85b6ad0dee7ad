// autocannon ships no types; the bench uses only this much of its programmatic API.
declare module 'autocannon' {
  type Histogram = { average: number; p50: number; p99: number };
  type Request = { method?: string; path?: string; body?: string; headers?: Record<string, string> };
  type Options = {
    url: string;
    connections?: number;
    duration?: number;
    method?: string;
    body?: string;
    headers?: Record<string, string>;
    /** Each request's shape; `setupRequest` may change it per request (a different path each time). */
    requests?: Array<Request & { setupRequest?: (request: Request) => Request }>;
  };
  type Result = { requests: Histogram; latency: Histogram; non2xx: number; errors: number; timeouts: number };
  /** The run: awaitable for its result, and an emitter of each response (`responseTime` in ms). */
  type Instance = Promise<Result> & {
    on(
      event: 'response',
      listener: (client: unknown, statusCode: number, bytes: number, responseTime: number) => void,
    ): void;
  };
  export default function autocannon(options: Options): Instance;
}
