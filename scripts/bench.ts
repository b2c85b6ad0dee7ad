/**
 * `npm run bench`: seeds a separate `bench` database (on DATABASE_URL's server, or the embedded one)
 * and prints measured figures with their targets. Exit code 0 even when a target is missed: the
 * figures are the output.
 */
import { runMain } from './lib/database.js';
import { startBench } from './bench/harness.js';
import { benchInstitutions } from './bench/lists.js';
import { benchMembers } from './bench/members.js';
import { benchUploads } from './bench/uploads.js';
import { benchLoad } from './bench/load.js';
import { benchEmail, BENCH_WEBHOOK_SECRET } from './bench/email.js';
import { BENCH_SNS_TOPIC, pinnedSnsSigner } from './bench/email-ses.js';
import { benchInvitations, benchInviteeLists } from './bench/invitations.js';
import { benchReminderCrash, benchReminders } from './bench/reminders.js';
import { benchLogistics } from './bench/logistics.js';
import { benchImports } from './bench/imports.js';
import { benchJoin } from './bench/join.js';
import { benchAudit } from './bench/audit.js';
import { benchScope } from './bench/scope.js';
import { benchDeliverability } from './bench/deliverability.js';
import { benchDeliverabilityPage } from './bench/deliverability-page.js';
import { benchCertificates } from './bench/certificates.js';
import { benchLighthouse, buildClient } from './bench/lighthouse.js';
import { benchPrivacy } from './bench/privacy.js';
import { benchCluster } from './cluster/bench-cluster.js';

runMain(async () => {
  const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
  // The cluster runs its own PostgreSQL, instances, workers and HAProxy from the build: no bench server.
  if (only === 'cluster') {
    console.log((await benchCluster()) ? '\nAll targets met.' : '\nSome targets missed (MISS lines above).');
    return;
  }
  // The bench server verifies webhook batches with this key (the email part signs with it).
  process.env.EMAIL_WEBHOOK_SECRET ??= BENCH_WEBHOOK_SECRET;
  // The SES webhook's SNS messages are signed by a local stand-in; the production-mode bench server pins its
  // certificate (SNS_SIGNING_CERTS, a production setting: nothing fetched, no test-only trust).
  const sns = await pinnedSnsSigner(BENCH_SNS_TOPIC);
  process.env.SNS_TOPIC_ARNS = BENCH_SNS_TOPIC;
  process.env.SNS_SIGNING_CERTS = sns.certFile;
  // Lighthouse measures the production build, which the bench server finds when it starts.
  if (only === 'lighthouse') buildClient();
  // The deliverability passes deliver what they queue themselves: the bench server's own delivery job would take the
  // send lock (a pass then sends nothing) and put their messages in its outbox.
  if (only === 'deliverability') process.env.RUN_WORKERS = 'false';
  const bench = Object.assign(await startBench(), { sns });
  try {
    console.log(`Node ${process.version}, ${(await import('node:os')).cpus().length} cores`);
    const results = [];
    if (!only || only === 'institutions') results.push(await benchInstitutions(bench));
    if (!only || only === 'members') results.push(await benchMembers(bench));
    if (!only || only === 'load') results.push(await benchLoad(bench));
    if (!only || only === 'uploads') results.push(await benchUploads(bench));
    if (!only || only === 'email') results.push(await benchEmail(bench));
    if (!only || only === 'invitations') results.push(await benchInvitations(bench));
    if (only === 'invitee-lists') results.push(await benchInviteeLists(bench));
    if (only === 'deliverability') results.push(await benchDeliverability(bench));
    if (only === 'deliverability-page') results.push(await benchDeliverabilityPage(bench));
    if (!only || only === 'reminders') results.push(await benchReminders(bench), await benchReminderCrash(bench));
    if (!only || only === 'logistics') results.push(await benchLogistics(bench));
    if (!only || only === 'imports') results.push(await benchImports(bench));
    if (!only || only === 'join') results.push(await benchJoin(bench));
    if (!only || only === 'audit') results.push(await benchAudit(bench));
    if (!only || only === 'scope') results.push(await benchScope(bench));
    if (!only || only === 'certificates') results.push(await benchCertificates(bench));
    if (only === 'lighthouse') results.push(await benchLighthouse(bench));
    if (!only || only === 'privacy') results.push(await benchPrivacy(bench));
    console.log(results.every(Boolean) ? '\nAll targets met.' : '\nSome targets missed (MISS lines above).');
  } finally {
    await bench.close();
    await sns.close();
  }
});
