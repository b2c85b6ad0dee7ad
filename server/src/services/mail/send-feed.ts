import type { Claimed } from './send-queue.js';

/**
 * A pass's claimed sends as one stream for its connections: the next batch is claimed (`claimMore`) while the
 * last `lowWater` sends of the current one are still to start, so no connection waits for a claim between
 * batches (those pauses took 8.5% of a pass). An empty claim ends the stream; so does a stop (`claimMore`
 * answers nothing). A failed claim is thrown to the connection that would have taken its sends.
 */
export function sendFeed(first: Claimed[], claimMore: () => Promise<Claimed[]>, lowWater: number) {
  let queue = first;
  let next = 0;
  let ended = false;
  let failure: unknown;
  let ahead: Promise<void> | null = null;

  const claimAhead = () => {
    ahead = claimMore()
      .then((rows) => {
        if (!rows.length) ended = true;
        else {
          queue = [...queue.slice(next), ...rows];
          next = 0;
        }
      })
      .catch((err: unknown) => {
        failure = err;
        ended = true;
      })
      .finally(() => {
        ahead = null;
      });
  };

  return {
    /** The next send to start, or undefined when the stream has ended. */
    async take(): Promise<Claimed | undefined> {
      for (;;) {
        if (next < queue.length) {
          if (!ahead && !ended && queue.length - next <= lowWater) claimAhead();
          return queue[next++];
        }
        if (ahead) await ahead;
        else if (failure) throw failure;
        else return undefined;
      }
    },
    /** Claimed and never taken (the pass stopped): after the claim under way, if any, has settled. */
    async untaken(): Promise<Claimed[]> {
      await ahead;
      return queue.slice(next);
    },
  };
}
