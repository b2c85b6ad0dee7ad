import { z } from 'zod';
import { c } from './c.js';
import { meta } from './common/access.js';

// Tokens: named values about a recipient (../shared/DOMAIN.md "Tokens: one resolver"). The registry and
// its resolver live on the server (server/src/services/tokens); the syntax and the description of each
// token are here, so email templates, AI chat previews and AI video variables read them the same way.

/** What a token is about; a token can be resolved when the send has one of its subjects. */
export const TOKEN_SUBJECTS = ['account', 'member', 'invitee', 'chapter', 'institution', 'invitation'] as const;
export type TokenSubject = (typeof TOKEN_SUBJECTS)[number];

/** The syntax, as the template screen documents it. */
export const TOKEN_SYNTAX = '{{tokenId}}';

/** A token's id: camelCase letters and digits. */
export const TOKEN_ID = /^[a-z][A-Za-z0-9]*$/;

// Any `{{ ... }}` with no brace inside: what a writer meant as a token, well formed or not.
const TOKEN_PATTERN = /\{\{\s*([^{}]*?)\s*\}\}/g;

/**
 * The tokens a text names, each once, in order of first use (`{{ firstName }}` counts as `firstName`).
 * @example tokensIn('Hi {{firstName}}, {{firstName}} {{ lastName }}') // ['firstName', 'lastName']
 */
export function tokensIn(text: string): string[] {
  const seen = new Set<string>();
  for (const match of text.matchAll(TOKEN_PATTERN)) seen.add(match[1]!);
  return [...seen];
}

/**
 * Replaces each `{{tokenId}}` with `valueOf(tokenId)`; a token it answers undefined for is kept as written.
 * @example replaceTokens('Hi {{firstName}}', (id) => ({ firstName: 'Ada' })[id]) // 'Hi Ada'
 */
export function replaceTokens(text: string, valueOf: (id: string) => string | undefined): string {
  return text.replace(TOKEN_PATTERN, (whole, id: string) => valueOf(id) ?? whole);
}

export const TokenInfo = z.object({
  id: z.string(),
  label: z.string(),
  description: z.string(),
  /** The subjects that can provide it (any one is enough). */
  subjects: z.array(z.enum(TOKEN_SUBJECTS)),
  /** The value previews show. */
  sample: z.string(),
});
export type TokenInfo = z.infer<typeof TokenInfo>;

export const TokenList = z.object({ syntax: z.string(), items: z.array(TokenInfo) });
export type TokenList = z.infer<typeof TokenList>;

export const tokensContract = c.router(
  {
    list: {
      method: 'GET',
      path: '/admin/tokens',
      responses: { 200: TokenList },
      summary: 'The token registry: every {{tokenId}} templates, AI chat previews and AI video variables may use',
    },
  },
  { metadata: meta.area('tokens') },
);
