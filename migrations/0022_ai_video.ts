import { sql, type Kysely } from 'kysely';

/**
 * AI video templates and the personalized videos generated from them (spec 03 §3, §4). A template names a
 * template of the video provider (`external_id`) and maps each provider variable to a product token
 * (`variables`: {"first_name": "firstName"}). A video's `status` moves through the spec's states, written
 * only by the server's jobs (server/src/jobs/ai-video.ts); `error` keeps the provider's reason.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table ai_video_templates (
      id serial primary key,
      name text not null check (char_length(name) between 3 and 254),
      external_id text not null check (char_length(external_id) between 1 and 200),
      summary text,
      variables jsonb not null default '{}'::jsonb check (jsonb_typeof(variables) = 'object'),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index ai_video_templates_updated_idx on ai_video_templates (updated_at, id)`.execute(db);
  await sql`create index ai_video_templates_name_idx on ai_video_templates (lower(name))`.execute(db);

  await sql`
    create table ai_videos (
      id serial primary key,
      template_id integer not null references ai_video_templates(id) on delete cascade,
      account_id integer not null references accounts(id) on delete cascade,
      name text not null check (char_length(name) between 1 and 254),
      status text not null default 'idle' check (status in
        ('idle', 'generating', 'generated', 'failed to generate', 'rejected', 'deleting', 'deleted', 'failed to delete')),
      provider_video_id text,
      video_url text,
      thumbnail_url text,
      error text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index ai_videos_template_idx on ai_videos (template_id, created_at, id)`.execute(db);
  await sql`create index ai_videos_account_idx on ai_videos (account_id)`.execute(db);
  await sql`create unique index ai_videos_provider_idx on ai_videos (provider_video_id) where provider_video_id is not null`.execute(
    db,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward only');
}
