import { tokenProblems, tokensIn, type TemplateType } from '@app/contract';
import type { Db } from '../../db/database.js';
import { joinLinkBuilder } from '../join/join-link.js';
import { TOKENS, tokenById, tokenInfos, type TokenContext } from './registry.js';

/** Whose values to read: an account (a member), an invitee (with its invitation), or an invitation alone. */
export type TokenRef = { accountId?: number; inviteeId?: number; invitationId?: number };

export type ResolvedTokens = {
  /** Values of the resolved tokens (and of `extra`), by token id. */
  values: Record<string, string>;
  resolved: string[];
  /** Registry tokens with no value for this recipient (AI video shows them as n/a). */
  unresolved: string[];
};

const unique = (ids: (number | null | undefined)[]) => [
  ...new Set(ids.filter((id): id is number => typeof id === 'number')),
];

async function byId<R extends { id: number }>(
  ids: number[],
  load: (ids: number[]) => Promise<R[]>,
): Promise<Map<number, R>> {
  return new Map(ids.length ? (await load(ids)).map((r) => [r.id, r]) : []);
}

/** Every row the refs' tokens read, in one query per table whatever the number of refs. */
async function loadContexts(db: Db, refs: readonly TokenRef[]): Promise<TokenContext[]> {
  const [accounts, invitees] = await Promise.all([
    byId(unique(refs.map((r) => r.accountId)), (ids) =>
      db
        .selectFrom('accounts')
        .select([
          'id',
          'firstName',
          'lastName',
          'email',
          'invitationCode',
          'memberAt',
          'pledgedAt',
          'chapterId',
          'institutionId',
        ])
        .where('id', 'in', ids)
        .execute(),
    ),
    byId(unique(refs.map((r) => r.inviteeId)), (ids) =>
      db
        .selectFrom('invitees')
        .select([
          'id',
          'invitationId',
          'salutation',
          'firstName',
          'lastName',
          'email',
          'major',
          'class',
          'invitationCode',
        ])
        .where('id', 'in', ids)
        .execute(),
    ),
  ]);
  const invitationOf = (r: TokenRef) =>
    r.invitationId ?? (r.inviteeId ? invitees.get(r.inviteeId)?.invitationId : undefined);
  const invitations = await byId(unique(refs.map(invitationOf)), (ids) =>
    db
      .selectFrom('invitations')
      .select(['id', 'deadline', 'orientationDate', 'chapterId', 'institutionId'])
      .where('id', 'in', ids)
      .execute(),
  );
  // The invitation's chapter and institution, else the account's own.
  const chapterOf = (r: TokenRef) =>
    invitations.get(invitationOf(r) ?? 0)?.chapterId ??
    (r.accountId ? accounts.get(r.accountId)?.chapterId : undefined);
  const institutionOf = (r: TokenRef) =>
    invitations.get(invitationOf(r) ?? 0)?.institutionId ??
    (r.accountId ? accounts.get(r.accountId)?.institutionId : undefined);
  const [chapters, institutions] = await Promise.all([
    byId(unique(refs.map(chapterOf)), (ids) =>
      db
        .selectFrom('chapters')
        .select([
          'id',
          'name',
          'abbreviation',
          'invitationAdvisor1Name',
          'invitationAdvisor1Title',
          'invitationPresidentName',
          'invitationLandingPage',
        ])
        .where('id', 'in', ids)
        .execute(),
    ),
    byId(unique(refs.map(institutionOf)), (ids) =>
      db.selectFrom('institutions').select(['id', 'name', 'abbreviation']).where('id', 'in', ids).execute(),
    ),
  ]);
  const joinLink = [...invitees.values()].some((iv) => iv.invitationCode) ? await joinLinkBuilder(db) : undefined;
  return refs.map((r) => {
    const invitee = r.inviteeId ? invitees.get(r.inviteeId) : undefined;
    return {
      account: r.accountId ? accounts.get(r.accountId) : undefined,
      invitee,
      joinUrl: invitee?.invitationCode && joinLink ? joinLink(invitee.invitationCode) : undefined,
      invitation: invitations.get(invitationOf(r) ?? 0),
      chapter: chapters.get(chapterOf(r) ?? 0),
      institution: institutions.get(institutionOf(r) ?? 0),
    };
  });
}

/** The registry's values for one recipient's rows; `extra` (e.g. unsubscribeUrl from the sender) wins. */
export function tokenValues(ctx: TokenContext, extra: Record<string, string> = {}): ResolvedTokens {
  const values: Record<string, string> = {};
  const unresolved: string[] = [];
  for (const token of TOKENS) {
    const value = extra[token.id] ?? token.resolve(ctx);
    if (value == null || value === '') unresolved.push(token.id);
    else values[token.id] = value;
  }
  for (const [id, value] of Object.entries(extra)) if (!tokenById.has(id) && value !== '') values[id] = value;
  return { values, resolved: Object.keys(values), unresolved };
}

/**
 * The one resolver: every registry token's value for a recipient, and which tokens it could not fill.
 * @example const { values, unresolved } = await resolveTokens(db, { inviteeId: 12 }, { unsubscribeUrl });
 */
export async function resolveTokens(db: Db, ref: TokenRef, extra?: Record<string, string>): Promise<ResolvedTokens> {
  const [ctx] = await loadContexts(db, [ref]);
  return tokenValues(ctx!, extra);
}

/** `resolveTokens` for many recipients at once (a send batch): a handful of queries in all, answers in the refs' order. */
export async function resolveTokensMany(
  db: Db,
  refs: readonly TokenRef[],
  extra?: (ref: TokenRef, index: number) => Record<string, string>,
): Promise<ResolvedTokens[]> {
  const contexts = await loadContexts(db, refs);
  return contexts.map((ctx, i) => tokenValues(ctx, extra?.(refs[i]!, i)));
}

/** The `{{tokens}}` of a text that are not in the registry. */
export function unknownTokens(text: string): string[] {
  return tokensIn(text).filter((id) => !tokenById.has(id));
}

export type TokenError = { field: 'subject' | 'preview' | 'body'; message: string };

/** A template's token errors by field: 'Unknown token {{x}}', or a token no recipient of its type has. */
export function templateTokenErrors(template: {
  subject: string;
  preview: string;
  body: string;
  templateType: TemplateType;
}): TokenError[] {
  const infos = tokenInfos();
  return (['subject', 'preview', 'body'] as const).flatMap((field) =>
    tokenProblems(template[field], template.templateType, infos).map((message) => ({ field, message })),
  );
}
