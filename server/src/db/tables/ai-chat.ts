import type { Generated } from 'kysely';
import type { AiChatTemplateType, AiJsonSchemaName } from '@app/contract';
import type { CreatedAt, DefaultedTimestamp, Json } from './types.js';

/** AI chat templates (migration 0024); the prompts are rich-text documents. */
export interface AiChatTemplateTable {
  id: Generated<number>;
  name: string;
  type: AiChatTemplateType;
  userPrompt: Json<unknown>;
  developerPrompt: Json<unknown>;
  useEmojis: Generated<boolean>;
  functionSaveGoal: Generated<boolean>;
  functionUpdateGoal: Generated<boolean>;
  jsonSchema: AiJsonSchemaName | null;
  createdAt: CreatedAt;
  updatedAt: DefaultedTimestamp;
}

/** A member's chat on a template; a locked one takes no new messages. */
export interface AiChatTable {
  id: Generated<number>;
  templateId: number;
  accountId: number;
  /** The program component (feedback, chat, goal, task) this chat belongs to; one per member (migration 0025). */
  programComponentId: number | null;
  locked: Generated<boolean>;
  createdAt: CreatedAt;
  updatedAt: DefaultedTimestamp;
}

/** One exchange: what the member wrote and what the assistant answered. */
export interface AiChatMessageTable {
  id: Generated<number>;
  chatId: number;
  userInput: string;
  aiResponse: string;
  createdAt: CreatedAt;
}

/** A goal the AI saved for a member (save_goal / update_goal, or a Goal Creation Schema answer; migration 0025). */
export interface AiGoalTable {
  id: Generated<number>;
  accountId: number;
  chatId: number | null;
  title: string;
  description: Generated<string>;
  dueDate: Generated<string>;
  steps: Json<string[]>;
  createdAt: CreatedAt;
  updatedAt: DefaultedTimestamp;
}
