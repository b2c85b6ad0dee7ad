import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/**
 * Writes an invitation's stored counts from its invitees: valid (not removed), fresh (valid and invited
 * for the first time), removed, the valid ones per A/B group, and all rows per times-invited bucket. Processing ends with it; the seed
 * uses it too, so the counts always agree with the rows. `run`, when given, must still own the
 * invitation (a newer run makes this a no-op); answers whether it wrote.
 */
export async function refreshCounts(db: Db, invitationId: number, run?: string): Promise<boolean> {
  const res = await sql`
    update invitations inv set
      count_valid = c.valid, count_fresh = c.fresh, count_removed = c.removed,
      count_valid_control = c.control, count_valid_variation = c.variation,
      count_by_invites = array[c.once, c.twice, c.thrice, c.more]
    from (
      select
        count(*) filter (where not removed)::int as valid,
        count(*) filter (where not removed and invite_count = 1)::int as fresh,
        count(*) filter (where removed)::int as removed,
        count(*) filter (where not removed and test_value = 'Control')::int as control,
        count(*) filter (where not removed and test_value = 'Variation')::int as variation,
        count(*) filter (where invite_count = 1)::int as once,
        count(*) filter (where invite_count = 2)::int as twice,
        count(*) filter (where invite_count = 3)::int as thrice,
        count(*) filter (where invite_count >= 4)::int as more
      from invitees where invitation_id = ${invitationId}) c
    where inv.id = ${invitationId} ${run ? sql`and inv.processing_run = ${run}::uuid` : sql``}`.execute(db);
  return Number(res.numAffectedRows ?? 0) > 0;
}
