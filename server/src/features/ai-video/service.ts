import {
  AI_VIDEO_MESSAGES,
  PROVIDER_TEMPLATE_PAGE_SIZE,
  pagination,
  type AiVideoTemplateForm,
  type ResolvedToken,
} from '@app/contract';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { fieldError } from '../../errors.js';
import { VideoProviderError, videoProviderFrom } from '../../services/ai-video/provider.js';
import { TOKENS, resolveTokens, tokenById, tokenInfos } from '../../services/tokens/index.js';

/**
 * The Template tab's choices. Provider trouble never fails the call: the screen shows `message` (not
 * configured, or what went wrong) beside an empty selector, and the rest of the form still works.
 */
export async function templateForm(
  config: Config,
  query: { page: number; search?: string; externalId?: string },
): Promise<AiVideoTemplateForm> {
  const tokens = tokenInfos();
  const empty = { items: [], pagination: pagination(1, PROVIDER_TEMPLATE_PAGE_SIZE, 0) };
  const provider = videoProviderFrom(config);
  if (!provider)
    return {
      configured: false,
      message: AI_VIDEO_MESSAGES.notConfigured,
      providerTemplates: empty,
      variables: [],
      tokens,
    };
  try {
    const search = query.search?.toLowerCase();
    const all = (await provider.listTemplates()).filter(
      (t) => !search || t.name.toLowerCase().includes(search) || t.id.toLowerCase() === search,
    );
    const start = (query.page - 1) * PROVIDER_TEMPLATE_PAGE_SIZE;
    const providerTemplates = {
      items: all.slice(start, start + PROVIDER_TEMPLATE_PAGE_SIZE),
      pagination: pagination(query.page, PROVIDER_TEMPLATE_PAGE_SIZE, all.length),
    };
    const variables = query.externalId ? await provider.templateVariables(query.externalId) : [];
    return { configured: true, message: null, providerTemplates, variables, tokens };
  } catch (err) {
    if (!(err instanceof VideoProviderError)) throw err;
    return { configured: true, message: err.message, providerTemplates: empty, variables: [], tokens };
  }
}

/** Every mapped token must be one of the registry's (an unknown one is an error at save time). */
export function checkVariableTokens(variables: Record<string, string>) {
  for (const [name, tokenId] of Object.entries(variables)) {
    if (!tokenById.has(tokenId))
      throw fieldError(`variables.${name}`, `${AI_VIDEO_MESSAGES.unknownToken} "${tokenId}" for ${name}`);
  }
}

/** The template's mapped tokens for the member, each once: resolved with its value, else null (n/a). */
export async function resolveTemplateTokens(db: Db, variables: Record<string, string>, accountId: number) {
  const { values } = await resolveTokens(db, { accountId });
  const resolvedTokens: ResolvedToken[] = [];
  const unresolvedTokens: ResolvedToken[] = [];
  const used = new Set(Object.values(variables));
  // In the registry's order (jsonb keeps no key order).
  for (const id of [
    ...TOKENS.map((t) => t.id).filter((id) => used.has(id)),
    ...[...used].filter((id) => !tokenById.has(id)),
  ]) {
    const label = tokenById.get(id)?.label ?? id;
    const value = values[id];
    if (value === undefined || value === '') unresolvedTokens.push({ id, label, value: null });
    else resolvedTokens.push({ id, label, value });
  }
  return { resolvedTokens, unresolvedTokens };
}
