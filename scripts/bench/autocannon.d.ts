// autocannon ships no types; the bench uses only this much of its programmatic API.
declare module 'autocannon' {
  type Histogram = { average: number; p50: number; p99: number };
  type Options = { url: string; connections?: number; duration?: number; headers?: Record<string, string> };
  type Result = { requests: Histogram; latency: Histogram; non2xx: number; errors: number };
  export default function autocannon(options: Options): Promise<Result>;
}
