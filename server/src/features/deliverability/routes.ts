import { contract } from '@app/contract';
import { s } from '../../ts-rest.js';
import { csvAttachment } from '../../services/audit/csv-export.js';
import { mailConfig } from '../../services/mail/mail-config.js';
import { latestDnsCheck, runDnsCheck } from '../../services/deliverability/dns-check.js';
import { warmupNow } from '../../services/deliverability/warmup-now.js';
import { AppError, badRequest } from '../../errors.js';
import { checkUnscoped } from '../../services/auth/chapter-scope.js';
import { listDomainCaps, removeDomainCap, saveDomainCap } from '../../services/deliverability/domain-caps.js';
import {
  resetWarmupSchedule,
  saveWarmupSchedule,
  warmupSchedule,
  warmupScheduleProblem,
} from '../../services/deliverability/warmup-schedule.js';
import * as repo from './repo.js';

/**
 * The deliverability page (issue 37 §4, §6): counts per domain and day, the chart, the warm-up, the DNS check; the
 * caps per domain (§1) and the warm-up table (§2), which hold for every chapter: only staff of every chapter change
 * them (audited by their tables' triggers).
 */
export const deliverabilityRoutes = s.router(contract.deliverability, {
  domainDays: async ({ query, request }) => ({
    status: 200,
    body: await repo.listDomainDays(request.server.db, query),
  }),

  exportDomainDays: async ({ query, request, reply }) =>
    csvAttachment(reply, 'deliverability', repo.exportDomainDays(request.server.db, query)),

  overview: async ({ query, request }) => {
    const db = request.server.db;
    const config = mailConfig(request.server.config);
    const [perDay, warmup, domains] = await Promise.all([
      repo.countsPerDay(db, query),
      warmupNow(db, config),
      repo.domainStates(db),
    ]);
    return { status: 200, body: { ...perDay, warmup, dailyQuota: config.EMAIL_DAILY_QUOTA, domains } };
  },

  dnsCheck: async ({ request }) => ({ status: 200, body: { check: await latestDnsCheck(request.server.db) } }),

  runDnsCheck: async ({ request }) => ({
    status: 200,
    body: await runDnsCheck(request.server.db, request.server.config),
  }),

  domainCaps: async ({ request }) => ({
    status: 200,
    body: {
      caps: await listDomainCaps(request.server.db),
      defaultPerMinute: mailConfig(request.server.config).EMAIL_DOMAIN_RATE ?? null,
    },
  }),

  saveDomainCap: async ({ params, body, request }) => {
    checkUnscoped();
    const cap = await saveDomainCap(request.server.db, params.name, body.perMinute, request.account?.id ?? null);
    return { status: 200, body: cap };
  },

  removeDomainCap: async ({ params, request }) => {
    checkUnscoped();
    if (!(await removeDomainCap(request.server.db, params.name)))
      throw new AppError(404, `${params.name} has no cap of its own`);
    return { status: 204, body: undefined };
  },

  warmupSchedule: async ({ request }) => ({
    status: 200,
    body: await warmupSchedule(request.server.db, mailConfig(request.server.config)),
  }),

  saveWarmupSchedule: async ({ body, request }) => {
    checkUnscoped();
    const config = mailConfig(request.server.config);
    const problem = warmupScheduleProblem(body.limits, config.EMAIL_DAILY_QUOTA);
    if (problem) throw badRequest(problem);
    await saveWarmupSchedule(request.server.db, body.limits, request.account?.id ?? null);
    return { status: 200, body: await warmupSchedule(request.server.db, config) };
  },

  resetWarmupSchedule: async ({ request }) => {
    checkUnscoped();
    await resetWarmupSchedule(request.server.db);
    return { status: 200, body: await warmupSchedule(request.server.db, mailConfig(request.server.config)) };
  },
});
