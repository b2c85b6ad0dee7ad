import { TOKEN_SYNTAX, contract } from '@app/contract';
import { s } from '../../ts-rest.js';
import { tokenInfos } from '../../services/tokens/index.js';

export const tokenRoutes = s.router(contract.tokens, {
  list: async () => ({ status: 200, body: { syntax: TOKEN_SYNTAX, items: tokenInfos() } }),
});
