import { z } from 'zod';

/** A setting that is 'true' or 'false'. */
export const flag = z.enum(['true', 'false'], { message: "must be 'true' or 'false'" }).transform((v) => v === 'true');
