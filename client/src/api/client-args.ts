import { tsRestFetchApi, type ApiFetcherArgs } from '@ts-rest/core';

export const API_TIMEOUT_MS = 30_000;

/** Every contract call goes through here: same-origin cookie, and a 30 s timeout unless the caller gives a signal. */
async function api(args: ApiFetcherArgs) {
  const signal = args.fetchOptions?.signal ?? AbortSignal.timeout(API_TIMEOUT_MS);
  return tsRestFetchApi({ ...args, fetchOptions: { ...args.fetchOptions, credentials: 'same-origin', signal } });
}

/** The options of every ts-rest client of the app. */
export const clientArgs = { baseUrl: '', baseHeaders: {}, api };
