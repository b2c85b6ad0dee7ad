import { sql, type Kysely } from 'kysely';

/**
 * One status-check chain per generating AI video (the review: each replay of the provider's callback
 * started another chain). `poll_chain` names the live chain: a poll job carrying another number stops.
 * `callback_at` records the provider's first callback: only that one starts a check at once (and takes
 * over the chain); replays change nothing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table ai_videos add column poll_chain integer not null default 0, add column callback_at timestamptz`.execute(
    db,
  );
}
