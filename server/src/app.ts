import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import { contract, MemberEventListQuery, UPLOAD_TIMEOUT_MS } from '@app/contract';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import type { Storage } from './plugins/storage.js';
import { jobsNotStarted } from './jobs/queue.js';
import type { AppJobs } from './db/job-queue.js';
import { registerErrorHandler, validationErrorBody } from './plugins/errors.js';
import { registerOpenApi } from './plugins/openapi.js';
import { buildOpenApi } from './openapi.js';
import { registerClient } from './plugins/client.js';
import { registerAccess } from './features/auth/access.js';
import { registerPublicInvitationCalls } from './features/unsubscribe/public-cors.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerCompression } from './plugins/compression.js';
import { registerReadiness } from './plugins/readiness.js';
import { registerMetrics } from './plugins/metrics.js';
import { registerBadgePages } from './features/member/badge-pages.js';
import { registerVerifyPage } from './features/member/verify-page.js';
import { registerMemberHome } from './features/member/home-page.js';
import { listMemberEvents } from './features/calendar/member-events.js';
import { rsvpToEvent, withdrawRsvp } from './features/calendar/member-events-routes.js';
import { memberPrograms } from './features/learn/service.js';
import { registerJoinPage } from './features/join/landing-routes.js';
import { sentInLast24h } from './services/mail/send-queue.js';
import { requestLogSerializer } from './plugins/log-redaction.js';
import { router } from './router.js';
import { LARGEST_UPLOAD } from './features/files/receive.js';
import { s } from './ts-rest.js';

/** `jobs`: the started queue (server.ts); without it `app.jobs.send` fails clearly (most tests need none). */
export type AppDeps = {
  config: Config;
  db: Db;
  storage: Storage;
  jobs?: AppJobs;
  serveClient?: boolean;
  /** How long /metrics keeps the figures it reads from the database (default 15 s). */
  metricsCacheMs?: number;
};

/** The app's logger: the level, and request lines with signatures and tokens redacted (plugins/log-redaction.ts). */
export function loggerOptions(config: Pick<Config, 'NODE_ENV' | 'LOG_LEVEL'>) {
  return {
    level: config.NODE_ENV === 'test' ? 'silent' : config.LOG_LEVEL,
    serializers: { req: requestLogSerializer },
  };
}

/** Builds the whole app without listening, so tests can `inject` requests. */
export async function buildApp({
  config,
  db,
  storage,
  jobs,
  serveClient = false,
  metricsCacheMs,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config),
    bodyLimit: 1024 * 1024,
    // The client address (sign-in throttling, session records) behind a reverse proxy: TRUST_PROXY.
    trustProxy: config.TRUST_PROXY,
    // The time a client has to send a whole request: an upload may take 5 minutes (spec 01 §7).
    requestTimeout: UPLOAD_TIMEOUT_MS,
    // A stored file's name is a path parameter: 200 characters percent-encoded can take 1,800 (the default 100 answered 404).
    routerOptions: { maxParamLength: 2048 },
  });
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('storage', storage);
  app.decorate('jobs', jobs ?? jobsNotStarted);
  registerReadiness(app);
  registerMetrics(app, { cacheMs: metricsCacheMs, sentInLast24h });

  await registerSecurityHeaders(app, { secure: config.COOKIE_SECURE });
  await registerCompression(app);
  await app.register(cookie);
  // No part may be larger than the largest upload destination takes (receive.ts checks each destination's own).
  await app.register(multipart, { limits: { files: 10, fileSize: LARGEST_UPLOAD } });
  registerAccess(app);
  await registerPublicInvitationCalls(app);

  registerErrorHandler(app);
  // registerRouter installs its own error handler, so the routes live in a child context: it answers
  // validation failures in our shape and hands every other error up to ours.
  await app.register(async (api) => {
    s.registerRouter(contract, router, api, {
      logInitialization: false,
      responseValidation: false,
      jsonQuery: false,
      requestValidationErrorHandler: (err, _request, reply) => reply.status(400).send(validationErrorBody(err)),
    });
  });

  await registerOpenApi(app, buildOpenApi);
  await registerBadgePages(app);
  await registerVerifyPage(app);
  // The member home composes the calendar's and the learner view's lists, as the app's route did.
  await registerMemberHome(app, {
    nextEvents: async (db, accountId, count) =>
      (await listMemberEvents(db, accountId, MemberEventListQuery.parse({ pageSize: count }))).items,
    programs: memberPrograms,
    rsvp: (db, accountId, uuid, going) => (going ? rsvpToEvent : withdrawRsvp)(db, accountId, uuid),
  });
  await registerJoinPage(app);
  if (serveClient) await registerClient(app);
  return app;
}
