import { initContract } from '@ts-rest/core';

/** The one contract builder every area file uses. */
export const c = initContract();
