import { sql, type Kysely } from 'kysely';
import { belongsTo, createIdTable, createTable } from './lib/tables.js';

/**
 * AI chat templates, and the members' chats on them (spec 03 §3, §4). A template's prompts are rich-text
 * documents with `{{tokens}}`; `type` decides what else applies (§4): Programmatic answers JSON of
 * `json_schema` with no emojis or function calls; only Chat offers the save_goal/update_goal functions.
 * The programs area's component form reads `name` and `type` of this table for its AI option lists.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await createTable(
    db,
    'ai_chat_templates',
    sql`
      name text not null check (char_length(name) between 1 and 254),
      type text not null check (type in ('Chat', 'Feedback', 'Programmatic')),
      user_prompt jsonb not null default '{"type":"doc","content":[]}'::jsonb check (jsonb_typeof(user_prompt) = 'object'),
      developer_prompt jsonb not null default '{"type":"doc","content":[]}'::jsonb check (jsonb_typeof(developer_prompt) = 'object'),
      use_emojis boolean not null default false,
      function_save_goal boolean not null default false,
      function_update_goal boolean not null default false,
      json_schema text check (json_schema in ('Goal Creation Schema', 'Task Creation Schema', 'Resume Analysis Schema', 'Resume Summary Schema'))`,
    {
      constraints: sql`
      constraint ai_chat_templates_programmatic check (type <> 'Programmatic' or not (use_emojis or function_save_goal or function_update_goal)),
      constraint ai_chat_templates_schema check (json_schema is null or type = 'Programmatic'),
      constraint ai_chat_templates_functions check (type = 'Chat' or not (function_save_goal or function_update_goal))`,
    },
  );
  await sql`create index ai_chat_templates_type_idx on ai_chat_templates (type, name)`.execute(db);
  await sql`create index ai_chat_templates_updated_idx on ai_chat_templates (updated_at, id)`.execute(db);

  await createTable(
    db,
    'ai_chats',
    sql`
      template_id integer not null references ai_chat_templates(id) on delete cascade,
      account_id integer not null references accounts(id) on delete cascade,
      locked boolean not null default false`,
  );
  await sql`create index ai_chats_template_idx on ai_chats (template_id, updated_at, id)`.execute(db);
  await sql`create index ai_chats_account_idx on ai_chats (account_id, id)`.execute(db);

  await createIdTable(
    db,
    'ai_chat_messages',
    sql`
      ${belongsTo('chat_id', 'ai_chats')},
      user_input text not null,
      ai_response text not null,
      created_at timestamptz not null default now()`,
  );
  await sql`create index ai_chat_messages_chat_idx on ai_chat_messages (chat_id, id)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward only');
}
