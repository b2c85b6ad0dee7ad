import { initContract } from '@ts-rest/core';

/** The one contract builder every area file uses. */
// Annotated: its inferred type names a symbol @ts-rest/core does not export, which a declaration cannot write.
export const c: ReturnType<typeof initContract> = initContract();
