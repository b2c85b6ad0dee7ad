import { vi } from 'vitest';

// The server project runs its files one after another in a shared worker (isolate: false in
// vitest.config.ts), so node_modules (Fastify, Kysely, pg, the AWS and Stripe clients ...) load once per
// worker instead of once per file. The app's own modules are evaluated afresh for every file: module-level
// state (caches, setServiceConfig, a file's vi.mock) never carries from one file into the next.
vi.resetModules();
