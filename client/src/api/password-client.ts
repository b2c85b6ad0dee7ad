import { publicPasswordContract } from '@app/contract';
import { areaClient } from './tsr';

/** The public password routes: the page of a set-password link and the sign-in page's "Forgot password?". */
export const passwordClient = areaClient({ publicPassword: publicPasswordContract });
