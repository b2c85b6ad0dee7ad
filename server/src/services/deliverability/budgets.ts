import { Resolver } from 'node:dns/promises';

/*
 * Which pacing budget a recipient domain shares (issue 37): the organisation hosting its mail where known,
 * since Microsoft 365 and Google Workspace rate a sender across all the domains they host; otherwise the
 * domain itself. Known by the domain's name (gmail.com, *.onmicrosoft.com, ...) or, looked up once per
 * domain and kept for the process, by its MX hosts (*.mail.protection.outlook.com, *.google.com, ...).
 */

const BY_NAME: [RegExp, string][] = [
  [/(^|\.)(gmail|googlemail)\.com$/, 'google'],
  [/(^|\.)(onmicrosoft\.com|outlook\.com|hotmail\.[a-z.]+|live\.[a-z.]+|msn\.com)$/, 'microsoft'],
  [/(^|\.)(yahoo\.[a-z.]+|ymail\.com|aol\.com)$/, 'yahoo'],
];
const BY_MX: [RegExp, string][] = [
  [/(^|\.)(google\.com|googlemail\.com)\.?$/, 'google'],
  [/(^|\.)(outlook\.com|hotmail\.com|microsoft\.com)\.?$/, 'microsoft'],
  [/(^|\.)(yahoodns\.net)\.?$/, 'yahoo'],
];
// Reserved names (RFC 2606, RFC 6761): never looked up.
const RESERVED = /(^|\.)(example|test|invalid|localhost|local)$|(^|\.)example\.(com|net|org)$/;

/** The domain of an address, lower-cased ('' when it has none). */
export const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/** The budget of `domain` given its MX hosts (when known): 'google', 'microsoft', 'yahoo' or the domain. */
export function budgetOf(domain: string, mxHosts: readonly string[] = []): string {
  for (const [re, org] of BY_NAME) if (re.test(domain)) return org;
  for (const host of mxHosts) for (const [re, org] of BY_MX) if (re.test(host.toLowerCase())) return org;
  return domain;
}

/**
 * The budgets of the domains a pass meets. `lookUp` resolves the MX hosts of the domains not known by name
 * (in parallel, `timeoutMs` each; a failure leaves the domain its own budget); `dnsServer` points the
 * resolver elsewhere (tests). The answers are kept for the life of the object.
 */
export function domainBudgets(opts: { lookUp?: boolean; dnsServer?: string | undefined; timeoutMs?: number } = {}) {
  const known = new Map<string, string>();
  const resolver = new Resolver({ timeout: opts.timeoutMs ?? 2000, tries: 1 });
  if (opts.dnsServer) resolver.setServers([opts.dnsServer]);
  return {
    /** The budget of `domain` (by name until its MX hosts are known). */
    of(domain: string): string {
      return known.get(domain) ?? budgetOf(domain);
    },
    /** Looks up the MX hosts of the domains not yet known. */
    async learn(domains: Iterable<string>): Promise<void> {
      const todo = [...new Set(domains)].filter((d) => !known.has(d));
      for (const d of todo) known.set(d, budgetOf(d));
      if (opts.lookUp === false) return;
      const unknown = todo.filter((d) => budgetOf(d) === d && !RESERVED.test(d));
      await Promise.all(
        unknown.map(async (d) => {
          const mx = await resolver.resolveMx(d).catch(() => []);
          known.set(
            d,
            budgetOf(
              d,
              mx.map((m) => m.exchange),
            ),
          );
        }),
      );
    },
  };
}
export type DomainBudgets = ReturnType<typeof domainBudgets>;
