import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { readinessParts } from '@app/contract';

export type ReadinessPart = (typeof readinessParts)[number];

const CHECK_TIMEOUT_MS = 2000;

/**
 * What `GET /api/health/ready` answers from, and what shutdown drains (`app.readiness`).
 *
 * @example app.readiness.check('jobs', () => queue.boss.isInstalled());
 */
export class Readiness {
  #checks = new Map<ReadinessPart, () => Promise<unknown>>();
  #inFlight = 0;
  #idle: Array<() => void> = [];
  /** Set at SIGTERM: readiness answers 503 from then on, while requests in flight finish. */
  draining = false;

  /** Adds a part readiness checks (a rejected promise or more than 2 s = unavailable). */
  check(part: ReadinessPart, probe: () => Promise<unknown>): void {
    this.#checks.set(part, probe);
  }

  /** Runs every check at once: each part's state and the failing ones. */
  async run(): Promise<{ checks: Partial<Record<ReadinessPart, 'ok' | 'unavailable'>>; failing: ReadinessPart[] }> {
    const results = await Promise.all(
      [...this.#checks].map(async ([part, probe]) => {
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise(
          (_, reject) => (timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS)),
        );
        const ok = await Promise.race([probe(), timeout]).then(
          () => true,
          () => false,
        );
        clearTimeout(timer);
        return [part, ok] as const;
      }),
    );
    return {
      checks: Object.fromEntries(results.map(([part, ok]) => [part, ok ? 'ok' : 'unavailable'])),
      failing: results.filter(([, ok]) => !ok).map(([part]) => part),
    };
  }

  /** Resolves once no request is in flight (the readiness probe asking meanwhile does not count). */
  idle(): Promise<void> {
    return this.#inFlight === 0 ? Promise.resolve() : new Promise((resolve) => this.#idle.push(resolve));
  }

  started(): void {
    this.#inFlight++;
  }

  finished(): void {
    this.#inFlight--;
    if (this.#inFlight === 0) for (const resolve of this.#idle.splice(0)) resolve();
  }
}

/** Counts requests in flight and checks the database and the storage; a process adds its job queue. */
export function registerReadiness(app: FastifyInstance): void {
  const readiness = new Readiness();
  readiness.check('database', () => sql`select 1`.execute(app.db));
  readiness.check('storage', () => app.storage.check());
  app.decorate('readiness', readiness);
  app.addHook('onRequest', async (request, reply) => {
    if (request.url === '/api/health/ready') return;
    readiness.started();
    // 'close' comes once the answer is sent, or when the client leaves mid-answer.
    reply.raw.once('close', () => readiness.finished());
  });
}
