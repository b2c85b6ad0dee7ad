import type { GuardScope, GuardsOverview } from '@app/contract';
import type { Db } from '../../db/database.js';
import { inScope } from '../../services/auth/chapter-scope.js';
import { guardRules } from '../../services/deliverability/guard-rules.js';
import { emptyWindows, scopeWindows } from '../../services/deliverability/guard-rates.js';
import {
  guardThresholds,
  invitationName,
  livePauses,
  type GuardSettings,
} from '../../services/deliverability/guard-pauses.js';

const CAMPAIGNS = 50;

/** The invitations among `ids` the caller may see (chapter scope), with their names. */
async function reachableNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('invitations as inv')
    .innerJoin('chapters as ch', 'ch.id', 'inv.chapterId')
    .select(['inv.id', invitationName.as('name')])
    .where('inv.id', 'in', ids)
    .where(inScope('inv.chapterId'))
    .execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * The guards now: the account's rates and the campaigns' (those that sent in the last 7 days, highest 7-day
 * bounce rate first; only `invitationId` when given), the live pauses and the rules. Campaigns and pauses outside
 * the caller's chapters are left out.
 */
export async function guardsOverview(db: Db, config: GuardSettings, invitationId?: number): Promise<GuardsOverview> {
  const windows = await scopeWindows(db, invitationId ? [0, invitationId] : undefined);
  const account = windows.get(0) ?? emptyWindows();
  const campaignIds = [...windows.keys()].filter((k) => k !== 0);
  const pauses = await livePauses(db, invitationId);
  const names = await reachableNames(db, [
    ...new Set([...campaignIds, ...pauses.flatMap((p) => (p.invitationId ? [p.invitationId] : []))]),
  ]);
  const rate = (s: GuardScope) => (s.week.sent ? s.week.bounced / s.week.sent : 0);
  const campaigns: GuardScope[] = campaignIds
    .filter((id) => names.has(id))
    .map((id) => {
      const w = windows.get(id)!;
      return { invitationId: id, name: names.get(id)!, day: w.day, week: w.week };
    })
    .sort((a, b) => rate(b) - rate(a) || b.week.sent - a.week.sent)
    .slice(0, CAMPAIGNS);
  return {
    thresholds: guardThresholds(config),
    account: { invitationId: null, name: 'Every invitation', day: account.day, week: account.week },
    campaigns,
    pauses: pauses.filter((p) => p.invitationId === null || names.has(p.invitationId)),
    rules: await guardRules(db),
  };
}
