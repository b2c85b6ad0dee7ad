import { initContract } from '@ts-rest/core';
import { initTsrReactQuery } from '@ts-rest/react-query/v5';
import { authContract, commonErrors } from '@app/contract';
import { clientArgs } from './client-args';

/**
 * The sign-in routes alone, with the contract's root options (contract/src/index.ts). The app's frame
 * (access checks before each screen) and the login page use this, so a first visit does not download
 * every area's schemas; screens use `tsr` from ./tsr, which loads with them.
 */
export const authClient = initTsrReactQuery(
  initContract().router({ auth: authContract }, { pathPrefix: '/api', commonResponses: commonErrors, strictStatusCodes: true }),
  clientArgs,
);
