import { z } from 'zod';

/** How an address is compared everywhere (duplicates, suppression, members, earlier invitations). */
export const normaliseEmail = (raw: string | undefined | null): string => (raw ?? '').trim().toLowerCase();

/** The contract's rule for an email (zod's: one @, a dotted domain, no spaces) within 254 characters. */
const emailRule = z.string().max(254).email();

export const isValidEmail = (email: string): boolean => emailRule.safeParse(email).success;
