import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/**
 * Accounts with what signing in reads of one: who it is, staff or not, active, its password hash. Sign-in and
 * the join funnel's pledge both start here; each narrows it (`.where`) and adds the columns it needs (`.select`).
 */
export const signInAccounts = (db: Db) =>
  db
    .selectFrom('accounts')
    .select(['id', 'firstName', 'lastName', 'email', 'avatarUrl', 'admin', 'active', 'passwordHash']);

/** The account of an address, compared lower-cased as the accounts' unique index does. */
export const signInAccountByEmail = (db: Db, email: string) =>
  signInAccounts(db).where(sql`lower(email)`, '=', email.toLowerCase());
