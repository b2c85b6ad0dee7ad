import type { Generated } from 'kysely';
import type { AiVideoStatus } from '@app/contract';
import type { CreatedAt, DefaultedTimestamp, Json } from './types.js';

/** AI video templates (migration 0022): `variables` maps provider variable -> token id. */
export interface AiVideoTemplateTable {
  id: Generated<number>;
  name: string;
  externalId: string;
  summary: string | null;
  variables: Json<Record<string, string>>;
  createdAt: CreatedAt;
  updatedAt: DefaultedTimestamp;
}

/** Generated videos; `status` is written by the jobs only (server/src/jobs/ai-video.ts). */
export interface AiVideoTable {
  id: Generated<number>;
  templateId: number;
  accountId: number;
  name: string;
  status: Generated<AiVideoStatus>;
  providerVideoId: string | null;
  videoUrl: string | null;
  thumbnailUrl: string | null;
  error: string | null;
  /** The live status-check chain (migration 0029): a poll job of another chain stops. */
  pollChain: Generated<number>;
  /** When the provider's first callback arrived; replays are ignored. */
  callbackAt: Date | null;
  createdAt: CreatedAt;
  updatedAt: DefaultedTimestamp;
}
