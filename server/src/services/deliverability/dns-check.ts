import { Resolver } from 'node:dns/promises';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/*
 * The sending domain's authentication records (issue 37 §4), looked up through DNS on demand and daily:
 * SPF (`v=spf1` at the domain, exactly one), DKIM (`v=DKIM1 ... p=<key>` at <DKIM_SELECTOR>._domainkey.<domain>)
 * and DMARC (`v=DMARC1` at _dmarc.<domain>). Each passes or fails with what is missing.
 */

export type DnsRecordName = 'SPF' | 'DKIM' | 'DMARC';
export type DnsRecordCheck = {
  name: DnsRecordName;
  /** The name looked up (null: nothing to look up, e.g. no DKIM_SELECTOR). */
  host: string | null;
  ok: boolean;
  /** The record found. */
  record: string | null;
  /** What is missing or wrong (null when it passes). */
  problem: string | null;
};
export type DnsCheck = { domain: string; checkedAt: string; ok: boolean; records: DnsRecordCheck[] };

/** The settings the check reads (server/src/config.ts). */
export type DnsCheckConfig = {
  EMAIL_DOMAIN?: string | undefined;
  DKIM_DOMAIN?: string | undefined;
  DKIM_SELECTOR?: string | undefined;
  DNS_SERVER?: string | undefined;
};

/** The domain mail is sent from and signed for: DKIM_DOMAIN, else EMAIL_DOMAIN (templates' From must be on it). */
export const sendingDomain = (c: DnsCheckConfig) => c.DKIM_DOMAIN ?? c.EMAIL_DOMAIN ?? 'example.org';

/** The TXT records at `host` (each record's strings joined), [] when there are none, or the failure's code. */
async function txt(resolver: Resolver, host: string): Promise<string[] | { failed: string }> {
  try {
    return (await resolver.resolveTxt(host)).map((chunks) => chunks.join(''));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'ERROR';
    return code === 'ENOTFOUND' || code === 'ENODATA' ? [] : { failed: code };
  }
}

const RULES: Record<DnsRecordName, { prefix: RegExp; expect: string; check?: (r: string) => string | null }> = {
  SPF: { prefix: /^v=spf1(\s|$)/i, expect: 'v=spf1 ...' },
  DKIM: {
    prefix: /(^|;)\s*(v=DKIM1|p=)/i,
    expect: 'v=DKIM1; k=rsa; p=...',
    check: (r) => (/(^|;)\s*p=\s*[A-Za-z0-9+/]/.test(r) ? null : 'the DKIM record has no public key (p= is empty)'),
  },
  DMARC: { prefix: /^v=DMARC1(\s|;|$)/i, expect: 'v=DMARC1; p=...' },
};

async function checkOne(resolver: Resolver, name: DnsRecordName, host: string): Promise<DnsRecordCheck> {
  const rule = RULES[name];
  const found = await txt(resolver, host);
  if (!Array.isArray(found))
    return { name, host, ok: false, record: null, problem: `The lookup of ${host} failed (${found.failed})` };
  const matching = found.filter((r) => rule.prefix.test(r));
  if (!matching.length)
    return { name, host, ok: false, record: null, problem: `No ${name} record at ${host} (expected ${rule.expect})` };
  if (matching.length > 1)
    return {
      name,
      host,
      ok: false,
      record: matching.join(' | '),
      problem: `${matching.length} ${name} records at ${host}: there must be one`,
    };
  const problem = rule.check?.(matching[0]!) ?? null;
  return { name, host, ok: problem === null, record: matching[0]!, problem };
}

/** Looks up the sending domain's SPF, DKIM and DMARC records (DNS_SERVER, when set, is asked instead of the system's). */
export async function checkSendingDns(config: DnsCheckConfig, opts: { timeoutMs?: number } = {}): Promise<DnsCheck> {
  const domain = sendingDomain(config);
  const resolver = new Resolver({ timeout: opts.timeoutMs ?? 3000, tries: 2 });
  if (config.DNS_SERVER) resolver.setServers([config.DNS_SERVER]);
  const selector = config.DKIM_SELECTOR;
  const records = await Promise.all([
    checkOne(resolver, 'SPF', domain),
    selector
      ? checkOne(resolver, 'DKIM', `${selector}._domainkey.${domain}`)
      : Promise.resolve<DnsRecordCheck>({
          name: 'DKIM',
          host: null,
          ok: false,
          record: null,
          problem: 'DKIM_SELECTOR is not set: messages are not signed, so there is no key to look up',
        }),
    checkOne(resolver, 'DMARC', `_dmarc.${domain}`),
  ]);
  return { domain, checkedAt: new Date().toISOString(), ok: records.every((r) => r.ok), records };
}

/** Runs the check and keeps its result (the page shows the latest). */
export async function runDnsCheck(db: Db, config: DnsCheckConfig): Promise<DnsCheck> {
  const check = await checkSendingDns(config);
  await sql`
    insert into email_dns_checks (domain, checked_at, ok, records)
    values (${check.domain}, ${check.checkedAt}::timestamptz, ${check.ok}, ${JSON.stringify(check.records)}::jsonb)`.execute(
    db,
  );
  return check;
}

/** The latest check kept, or null when none has run. */
export async function latestDnsCheck(db: Db): Promise<DnsCheck | null> {
  const { rows } = await sql<{ domain: string; checkedAt: Date; ok: boolean; records: DnsRecordCheck[] }>`
    select domain, checked_at as "checkedAt", ok, records from email_dns_checks
    order by checked_at desc, id desc limit 1`.execute(db);
  const r = rows[0];
  return r ? { domain: r.domain, checkedAt: new Date(r.checkedAt).toISOString(), ok: r.ok, records: r.records } : null;
}

/**
 * At a production start (server.ts): checks the sending domain and warns when it publishes no DMARC policy
 * (Gmail and Yahoo refuse bulk mail without one since 2024), or when the look-up fails. Never throws.
 */
export async function warnWithoutDmarc(
  db: Db,
  config: DnsCheckConfig,
  log: { warn: (obj: object, msg: string) => void },
): Promise<void> {
  try {
    const check = await runDnsCheck(db, config);
    const dmarc = check.records.find((r) => r.name === 'DMARC');
    if (dmarc && !dmarc.ok)
      log.warn(
        { domain: check.domain, problem: dmarc.problem },
        `No DMARC policy for ${check.domain}: publish one at _dmarc.${check.domain} (docs/mail.md, DKIM and DNS set-up)`,
      );
  } catch (err) {
    log.warn({ err }, 'the sending domain DNS check could not run');
  }
}
