import { contract } from '@app/contract';
import { s } from '../../ts-rest.js';
import { csvAttachment } from '../../services/audit/csv-export.js';
import { mailConfig } from '../../services/mail/mail-config.js';
import { latestDnsCheck, runDnsCheck } from '../../services/deliverability/dns-check.js';
import { warmupNow } from '../../services/deliverability/warmup-now.js';
import * as repo from './repo.js';

/** The deliverability page (issue 37 §4, §6): counts per domain and day, the chart, the warm-up, the DNS check. */
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
});
