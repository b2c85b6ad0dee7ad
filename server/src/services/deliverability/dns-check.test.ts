import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsServer } from '../../test/dns-server.js';
import { checkSendingDns } from './dns-check.js';

// The settings check against a DNS server of the test's own (issue 37 §4): pass, and each record missing.
describe('sending domain DNS check', () => {
  let dns: Awaited<ReturnType<typeof startDnsServer>>;
  const config = () => ({ EMAIL_DOMAIN: 'society.test', DKIM_SELECTOR: 's1', DNS_SERVER: dns.server });
  const byName = (c: Awaited<ReturnType<typeof checkSendingDns>>) =>
    Object.fromEntries(c.records.map((r) => [r.name, r]));

  beforeAll(async () => {
    dns = await startDnsServer({});
  });
  afterAll(() => dns.close());

  it('passes with SPF, DKIM and DMARC published', async () => {
    Object.assign(dns.zone, {
      'society.test': ['google-site-verification=abc', 'v=spf1 include:amazonses.com -all'],
      's1._domainkey.society.test': [`v=DKIM1; k=rsa; p=${'A'.repeat(300)}`],
      '_dmarc.society.test': ['v=DMARC1; p=none; rua=mailto:dmarc@society.test'],
    });
    const check = await checkSendingDns(config());
    expect(check.domain).toBe('society.test');
    expect(check.ok).toBe(true);
    const r = byName(check);
    expect(r.SPF).toMatchObject({ ok: true, host: 'society.test', record: 'v=spf1 include:amazonses.com -all' });
    // A key longer than 255 bytes arrives in two strings, joined.
    expect(r.DKIM).toMatchObject({
      ok: true,
      host: 's1._domainkey.society.test',
      record: `v=DKIM1; k=rsa; p=${'A'.repeat(300)}`,
    });
    expect(r.DMARC).toMatchObject({ ok: true, host: '_dmarc.society.test', problem: null });
    expect(dns.queries).toEqual(
      expect.arrayContaining(['society.test', 's1._domainkey.society.test', '_dmarc.society.test']),
    );
  });

  it('fails with the record that is missing', async () => {
    delete dns.zone['_dmarc.society.test'];
    dns.zone['s1._domainkey.society.test'] = ['v=DKIM1; k=rsa; p='];
    const check = await checkSendingDns(config());
    expect(check.ok).toBe(false);
    const r = byName(check);
    expect(r.SPF!.ok).toBe(true);
    expect(r.DKIM).toMatchObject({ ok: false, problem: 'the DKIM record has no public key (p= is empty)' });
    expect(r.DMARC).toMatchObject({
      ok: false,
      record: null,
      problem: 'No DMARC record at _dmarc.society.test (expected v=DMARC1; p=...)',
    });
  });

  it('names two SPF records, a domain with none, and DKIM without a selector', async () => {
    dns.zone['society.test'] = ['v=spf1 -all', 'v=spf1 include:x -all'];
    expect(byName(await checkSendingDns(config())).SPF!.problem).toBe(
      '2 SPF records at society.test: there must be one',
    );
    const other = await checkSendingDns({ EMAIL_DOMAIN: 'nothing.test', DNS_SERVER: dns.server });
    const r = byName(other);
    expect(r.SPF!.problem).toBe('No SPF record at nothing.test (expected v=spf1 ...)');
    expect(r.DKIM).toMatchObject({ ok: false, host: null });
    expect(r.DKIM!.problem).toMatch(/DKIM_SELECTOR is not set/);
  });
});
