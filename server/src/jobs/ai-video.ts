import { defineJob } from './define-job.js';
import { deleteVideo, generateVideo, pollVideo } from '../services/ai-video/lifecycle.js';

declare module '../db/job-queue.js' {
  interface JobDataByName {
    'ai-video-generate': { videoId: number };
    'ai-video-poll': { videoId: number; polls?: number; chain?: number };
    'ai-video-delete': { videoId: number };
  }
}

// Spec 03 §4 AI video status, moved on by these three jobs (services/ai-video/lifecycle.ts). Each only
// moves a row out of the state it expects, so a second delivery is a no-op; on the last attempt a
// failure is written to the row (failed to generate / failed to delete) instead of thrown.
const retry = { limit: 4, delaySeconds: 10, backoff: true, maxDelaySeconds: 300 };

/** Asks the provider to render an idle video, then queues its status checks. */
export const generateAiVideoJob = defineJob({
  name: 'ai-video-generate',
  retry,
  expireInSeconds: 5 * 60,
  concurrency: 2,
  async run({ videoId }: { videoId: number }, { db, config, jobs, log, signal, job }) {
    await generateVideo({ db, config, jobs, log, signal }, videoId, { last: job.retryCount >= job.retryLimit });
  },
});

/** Reads a generating video's state; still rendering -> sends itself again after VIDEO_POLL_SECONDS (one chain per video). */
export const pollAiVideoJob = defineJob({
  name: 'ai-video-poll',
  retry,
  expireInSeconds: 5 * 60,
  concurrency: 2,
  async run(
    { videoId, polls = 0, chain = 0 }: { videoId: number; polls?: number; chain?: number },
    { db, config, jobs, log, signal, job },
  ) {
    await pollVideo(
      { db, config, jobs, log, signal },
      videoId,
      polls,
      { last: job.retryCount >= job.retryLimit },
      chain,
    );
  },
});

/** Deletes a video at the provider, then marks it deleted. */
export const deleteAiVideoJob = defineJob({
  name: 'ai-video-delete',
  retry,
  expireInSeconds: 5 * 60,
  async run({ videoId }: { videoId: number }, { db, config, jobs, log, signal, job }) {
    await deleteVideo({ db, config, jobs, log, signal }, videoId, { last: job.retryCount >= job.retryLimit });
  },
});
