export {
  TOKENS,
  tokenById,
  tokenInfos,
  sampleTokenValues,
  formatDay,
  formatUtcDay,
  type TokenDefinition,
  type TokenContext,
} from './registry.js';
export {
  resolveTokens,
  resolveTokensMany,
  tokenValues,
  unknownTokens,
  templateTokenErrors,
  type TokenRef,
  type ResolvedTokens,
  type TokenError,
} from './resolve.js';
export { tokensIn, replaceTokens } from '@app/contract';
