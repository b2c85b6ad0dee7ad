import type { Db } from './db/database.js';
import type { Config } from './config.js';
import type { SessionAccount } from './features/auth/sessions.js';
import type { Storage } from './plugins/storage.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    storage: Storage;
  }
  interface FastifyRequest {
    /** The signed-in account, resolved once per request from the session cookie. */
    account: SessionAccount | null;
  }
}
