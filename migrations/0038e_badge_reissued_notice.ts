import type { Kysely } from 'kysely';
import { addEmailSources } from './lib/email-sources.js';

/*
 * Telling members their badge was reissued (issue 38 §4): when a leaked issuer key is withdrawn, each member whose
 * badges it signed gets one email (source `badge_reissued`, a system message), keyed by the rotation's new key
 * and the account, so a rotation emails a member once.
 * - email_sends gains the source `badge_reissued`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await addEmailSources(db, 'badge_reissued');
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward only');
}
