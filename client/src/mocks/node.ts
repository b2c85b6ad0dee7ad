import { setupServer } from 'msw/node';
import { createHandlers } from './handlers';

/** The MSW server client tests run against: the same contract-derived handlers as mock mode. */
export const mockServer = setupServer(...createHandlers());
