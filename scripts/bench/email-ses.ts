import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../server/src/db/database.js';
import { sesEventFixture, type SesFixtureKind } from '../../server/src/services/mail/providers/ses-fixtures.js';
import { startSnsSigner } from '../../server/src/test/sns.js';
import { report, type Bench } from './harness.js';

/** The SNS topic the bench server accepts SES events from (scripts/bench.ts signs them with a local stand-in). */
export const BENCH_SNS_TOPIC = 'arn:aws:sns:us-east-1:123456789012:bench-ses-events';
const SNS_CONCURRENCY = 16;
/** Events per webhook batch, Mandrill's and SES's parts alike. */
export const WEBHOOK_BATCH = 1000;

export type SnsSigner = Awaited<ReturnType<typeof pinnedSnsSigner>>;

/**
 * The SNS stand-in for the bench server: its certificate written to a file for SNS_SIGNING_CERTS (pinned, a
 * production setting), and its messages naming a certificate URL on an SNS host, as SNS's do. The server never
 * fetches it (pinned certificates only), so nothing in the bench needs the test-only SNS_TRUSTED_CERT_PREFIXES.
 */
export async function pinnedSnsSigner(topicArn: string) {
  const signer = await startSnsSigner(topicArn);
  const dir = mkdtempSync(join(tmpdir(), 'bench-sns-'));
  const certFile = join(dir, 'sns-signing.pem');
  writeFileSync(certFile, signer.certPem);
  const SigningCertURL = 'https://sns.us-east-1.amazonaws.com/SimpleNotificationService-bench.pem';
  return {
    ...signer,
    certFile,
    message: (fields: Parameters<typeof signer.message>[0], version?: '1' | '2') =>
      signer.message({ SigningCertURL, ...fields }, version),
    close: async () => {
      rmSync(dir, { recursive: true, force: true });
      await signer.close();
    },
  };
}

/**
 * The SES path: SNS posts one message per request, each signed (RSA, SignatureVersion 2) and verified by the
 * server against the stand-in's certificate (pinned by SNS_SIGNING_CERTS, see pinnedSnsSigner). Batches of 1,000 SNS messages, 16 at once.
 */
export async function benchSesWebhook(
  bench: Bench & { sns: SnsSigner },
  db: Kysely<DB>,
  run: string,
  sendIds: number[],
  mandrillRate: number,
): Promise<boolean> {
  const BATCHES = 3;
  const kinds: SesFixtureKind[] = ['Delivery', 'Open', 'Click'];
  const batchSeconds: number[] = [];
  const t0 = performance.now();
  for (let b = 0; b < BATCHES; b++) {
    const messages = Array.from({ length: WEBHOOK_BATCH }, (_, i) => {
      const n = b * WEBHOOK_BATCH + i;
      return JSON.stringify(
        bench.sns.message({
          Message: sesEventFixture(kinds[n % kinds.length]!, { sendId: sendIds[n % sendIds.length]! }),
          MessageId: `bench-${run}-sns-${n}`,
        }),
      );
    });
    let next = 0;
    const tb = performance.now();
    await Promise.all(
      Array.from({ length: SNS_CONCURRENCY }, async () => {
        while (next < messages.length) {
          const body = messages[next++]!;
          const res = await fetch(`${bench.baseUrl}/api/public/email/ses`, {
            method: 'POST',
            headers: { 'content-type': 'text/plain; charset=UTF-8', 'x-amz-sns-message-type': 'Notification' },
            body,
          });
          if (res.status !== 200) throw new Error(`The SES webhook answered ${res.status}: ${await res.text()}`);
        }
      }),
    );
    batchSeconds.push((performance.now() - tb) / 1000);
  }
  const total = BATCHES * WEBHOOK_BATCH;
  // SNS events are applied in the request: nothing waits in the queue.
  const applySeconds = (performance.now() - t0) / 1000;
  // Deliveries are one row each (opens and clicks of one send fold into a row per minute).
  const expected = Math.ceil(total / kinds.length);
  const done = Number(
    (
      await sql<{
        n: number;
      }>`select count(*) as n from email_events where provider_event_id like ${`provider:sns:bench-${run}-sns-%`}`.execute(
        db,
      )
    ).rows[0]!.n,
  );
  const sesRate = WEBHOOK_BATCH / (batchSeconds.reduce((a, b) => a + b, 0) / BATCHES);
  const ok = report(
    `SES webhook: batches of ${WEBHOOK_BATCH} SNS messages (each signature-verified, ${SNS_CONCURRENCY} at once)`,
    `${Math.round(sesRate).toLocaleString('en-US')} msgs/s (${batchSeconds.map((s) => s.toFixed(2)).join(', ')} s per batch)`,
    // 100,000 emails a day with ~5 events each, posted over 8 hours, is ~17 SNS messages/s: 3x that.
    sesRate > 50,
    '> 50 msgs/s',
  );
  report(
    'SES / Mandrill acknowledged events per second',
    `${(sesRate / mandrillRate).toFixed(3)}x`,
    true,
    'reference (SNS: one event per request)',
  );
  report(
    'SES events applied (in the request)',
    `${Math.round(total / applySeconds).toLocaleString('en-US')} events/s (deliveries ${done}/${expected}, ${applySeconds.toFixed(1)} s)`,
    done === expected,
    'all applied',
  );
  return ok && done === expected;
}
