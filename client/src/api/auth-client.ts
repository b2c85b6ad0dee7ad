import { authContract } from '@app/contract';
import { areaClient } from './tsr';

/**
 * The sign-in routes alone. The app's frame (access checks before each screen) and the login page use
 * this, so a first visit does not download any area's schemas; each area has its own client (./tsr).
 */
export const authClient = areaClient({ auth: authContract });
