import { sql, type Kysely } from 'kysely';

/**
 * AI chats inside learning programs, and the goals the AI saves for a member.
 * - ai_chats.program_component_id: the learner API's feedback, chat, goal and task components each keep one
 *   chat per member (unique), so reading the component again shows the same conversation.
 * - ai_goals: what save_goal and update_goal (Chat templates' function calls) and a Goal Creation Schema
 *   answer (Programmatic templates) store; update_goal changes the member's latest goal of that chat.
 * - program_components.ai_template_id now points at ai_chat_templates (a deleted template leaves the step
 *   without one; the learner API says so).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table ai_chats add column program_component_id integer references program_components(id) on delete cascade`.execute(
    db,
  );
  await sql`create unique index ai_chats_component_account_key on ai_chats (program_component_id, account_id) where program_component_id is not null`.execute(
    db,
  );

  await sql`update program_components pc set ai_template_id = null
    where ai_template_id is not null and not exists (select 1 from ai_chat_templates t where t.id = pc.ai_template_id)`.execute(
    db,
  );
  await sql`alter table program_components add constraint program_components_ai_template_fkey
    foreign key (ai_template_id) references ai_chat_templates(id) on delete set null`.execute(db);
  await sql`create index program_components_ai_template_idx on program_components (ai_template_id) where ai_template_id is not null`.execute(
    db,
  );

  await sql`
    create table ai_goals (
      id serial primary key,
      account_id integer not null references accounts(id) on delete cascade,
      chat_id integer references ai_chats(id) on delete set null,
      title text not null check (char_length(title) between 1 and 500),
      description text not null default '' check (char_length(description) <= 5000),
      due_date text not null default '' check (char_length(due_date) <= 40),
      steps jsonb not null default '[]'::jsonb check (jsonb_typeof(steps) = 'array'),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index ai_goals_account_idx on ai_goals (account_id, id)`.execute(db);
  await sql`create index ai_goals_chat_idx on ai_goals (chat_id, id) where chat_id is not null`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward only');
}
