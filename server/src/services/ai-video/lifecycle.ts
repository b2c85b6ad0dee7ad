import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import type { AiVideoStatus } from '@app/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { AppJobs } from '../../db/job-queue.js';
import { resolveTokens } from '../tokens/index.js';
import { videoProviderFrom, VideoProviderError, type VideoProvider } from './provider.js';

/**
 * The server's side of spec 03 §4: idle -> generating -> generated | failed to generate | rejected, and
 * (generated | failed to delete | failed to generate | rejected) -> deleting -> deleted | failed to delete.
 * Each step is a job (server/src/jobs/ai-video.ts) that only moves a row out of the state it expects, so a
 * repeated delivery does nothing twice.
 */
export type LifecycleDeps = {
  db: Db;
  config: Config;
  jobs: AppJobs;
  log?: { info: (obj: object, msg: string) => void };
  signal?: AbortSignal;
};
/** Where the attempt stands: on the last one a failure is written to the row instead of retried. */
export type Attempt = { last: boolean };

/** A status check every VIDEO_POLL_SECONDS, given up after this many (2 hours at the default 30 s). */
export const MAX_POLLS = 240;

const providerOf = (config: Config): VideoProvider => {
  const provider = videoProviderFrom(config);
  if (!provider)
    throw new VideoProviderError('The video provider is not configured (set VIDEO_API_KEY)', undefined, true);
  return provider;
};

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 2000);

async function setStatus(
  db: Db,
  id: number,
  from: AiVideoStatus[],
  values: {
    status: AiVideoStatus;
    providerVideoId?: string;
    videoUrl?: string | null;
    thumbnailUrl?: string | null;
    error?: string | null;
  },
) {
  const res = await db
    .updateTable('aiVideos')
    .set({ ...values, updatedAt: sql`now()` })
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** The signed token of a video's callback URL (HMAC keyed by the API key: no extra secret to keep). */
export function callbackToken(config: Config, videoId: number): string {
  return createHmac('sha256', config.VIDEO_API_KEY ?? '')
    .update(`ai-video-callback:${videoId}`)
    .digest('base64url');
}

export function callbackTokenValid(config: Config, videoId: number, token: string | undefined): boolean {
  if (!config.VIDEO_API_KEY || !token) return false;
  const want = Buffer.from(callbackToken(config, videoId));
  const got = Buffer.from(token);
  return want.length === got.length && timingSafeEqual(want, got);
}

export function callbackUrl(config: Config, videoId: number): string | undefined {
  if (!config.PUBLIC_URL) return undefined;
  return `${config.PUBLIC_URL.replace(/\/+$/, '')}/api/public/ai-video/callback?id=${videoId}&token=${callbackToken(config, videoId)}`;
}

/** The provider variables of a template, filled from the member's token values; null lists the unresolved tokens. */
export async function variableValues(
  db: Db,
  variables: Record<string, string>,
  accountId: number,
): Promise<{ values: Record<string, string>; unresolved: string[] }> {
  const resolved = await resolveTokens(db, { accountId });
  const values: Record<string, string> = {};
  const unresolved = new Set<string>();
  for (const [name, tokenId] of Object.entries(variables)) {
    const value = resolved.values[tokenId];
    if (value === undefined || value === '') unresolved.add(tokenId);
    else values[name] = value;
  }
  return { values, unresolved: [...unresolved] };
}

/** Job 'ai-video-generate': asks the provider to render an idle video, then queues its status checks. */
export async function generateVideo(deps: LifecycleDeps, videoId: number, attempt: Attempt): Promise<void> {
  const { db, config, jobs } = deps;
  const row = await db
    .selectFrom('aiVideos as v')
    .innerJoin('aiVideoTemplates as t', 't.id', 'v.templateId')
    .select([
      'v.status',
      'v.name',
      'v.accountId',
      'v.pollChain',
      't.externalId',
      sql<string>`t.variables::text`.as('variables'),
    ])
    .where('v.id', '=', videoId)
    .executeTakeFirst();
  if (!row || row.status !== 'idle') return;
  let providerVideoId: string;
  try {
    const { values, unresolved } = await variableValues(
      db,
      JSON.parse(row.variables) as Record<string, string>,
      row.accountId,
    );
    if (unresolved.length) throw new VideoProviderError(`Unresolved tokens: ${unresolved.join(', ')}`, undefined, true);
    providerVideoId = await providerOf(config).generate(
      row.externalId,
      { title: row.name, variables: values, callbackUrl: callbackUrl(config, videoId) },
      deps.signal,
    );
  } catch (err) {
    const rejected = err instanceof VideoProviderError && err.rejected;
    if (!rejected && !attempt.last) throw err;
    await setStatus(db, videoId, ['idle'], {
      status: rejected ? 'rejected' : 'failed to generate',
      error: messageOf(err),
    });
    return;
  }
  if (await setStatus(db, videoId, ['idle'], { status: 'generating', providerVideoId, error: null })) {
    deps.log?.info({ videoId, providerVideoId }, 'ai video generating');
    await jobs.send(
      'ai-video-poll',
      { videoId, polls: 0, chain: row.pollChain },
      { startAfter: config.VIDEO_POLL_SECONDS },
    );
  }
}

/**
 * The provider's callback for a generating video: the first one takes over the status checks (a new chain,
 * checking at once); a replay, or a callback for a video not generating, does nothing. The provider's word is
 * not trusted: the poll reads the status from its API.
 */
export async function videoCallback(deps: Pick<LifecycleDeps, 'db' | 'jobs'>, videoId: number): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('aiVideos')
      .set({ callbackAt: sql`now()`, pollChain: sql`poll_chain + 1` })
      .where('id', '=', videoId)
      .where('status', '=', 'generating')
      .where('callbackAt', 'is', null)
      .returning('pollChain')
      .executeTakeFirst();
    if (row) await deps.jobs.send('ai-video-poll', { videoId, polls: 0, chain: row.pollChain }, { db: trx });
  });
}

/**
 * Job 'ai-video-poll': reads a generating video's state; still rendering -> checks again later, in the same
 * chain. A job of a chain since replaced (`chain` other than the row's) stops: one chain per video.
 */
export async function pollVideo(
  deps: LifecycleDeps,
  videoId: number,
  polls: number,
  attempt: Attempt,
  chain = 0,
): Promise<void> {
  const { db, config, jobs } = deps;
  const row = await db
    .selectFrom('aiVideos')
    .select(['status', 'providerVideoId', 'pollChain'])
    .where('id', '=', videoId)
    .executeTakeFirst();
  if (!row || row.status !== 'generating' || !row.providerVideoId || row.pollChain !== chain) return;
  try {
    const state = await providerOf(config).videoStatus(row.providerVideoId, deps.signal);
    if (state.state === 'completed') {
      await setStatus(db, videoId, ['generating'], {
        status: 'generated',
        videoUrl: state.videoUrl,
        thumbnailUrl: state.thumbnailUrl,
        error: null,
      });
    } else if (state.state === 'failed') {
      await setStatus(db, videoId, ['generating'], { status: 'failed to generate', error: state.error });
    } else if (polls + 1 >= MAX_POLLS) {
      await setStatus(db, videoId, ['generating'], {
        status: 'failed to generate',
        error: 'The video provider did not finish the video in time',
      });
    } else {
      await jobs.send('ai-video-poll', { videoId, polls: polls + 1, chain }, { startAfter: config.VIDEO_POLL_SECONDS });
    }
  } catch (err) {
    if (!attempt.last) throw err;
    await setStatus(db, videoId, ['generating'], { status: 'failed to generate', error: messageOf(err) });
  }
}

/** Job 'ai-video-delete': deletes a video at the provider (if it ever got there), then here. */
export async function deleteVideo(deps: LifecycleDeps, videoId: number, attempt: Attempt): Promise<void> {
  const { db, config } = deps;
  const row = await db
    .selectFrom('aiVideos')
    .select(['status', 'providerVideoId'])
    .where('id', '=', videoId)
    .executeTakeFirst();
  if (!row || row.status !== 'deleting') return;
  try {
    if (row.providerVideoId) await providerOf(config).deleteVideo(row.providerVideoId, deps.signal);
  } catch (err) {
    const rejected = err instanceof VideoProviderError && err.rejected;
    if (!rejected && !attempt.last) throw err;
    await setStatus(db, videoId, ['deleting'], { status: 'failed to delete', error: messageOf(err) });
    return;
  }
  await setStatus(db, videoId, ['deleting'], { status: 'deleted', videoUrl: null, thumbnailUrl: null, error: null });
}
