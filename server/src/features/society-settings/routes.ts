import { contract, SOCIETY_LOGO_KINDS } from '@app/contract';
import { s } from '../../ts-rest.js';
import { fieldError } from '../../errors.js';
import { saveWithFiles } from '../../services/files.js';
import { baseOf } from '../../services/signed-link.js';
import { checkUnscoped } from '../../services/auth/chapter-scope.js';
import { rotateIssuerKey } from '../../services/badges/rotate.js';
import * as repo from './repo.js';

/** The PDFs draw PNG and JPEG only (pdf-lib). */
const DRAWABLE = ['image/png', 'image/jpeg'];

/** /api/admin/tech/settings (issue 38 §7): the society's name, address, logo and issuer keys (and their rotation). */
export const societySettingsRoutes = s.router(contract.settings, {
  get: async ({ request }) => {
    const { db, config } = request.server;
    return { status: 200, body: await repo.getSettings(db, baseOf({ baseUrl: config.PUBLIC_URL })) };
  },

  update: async ({ body, request }) => {
    const { db, config } = request.server;
    checkUnscoped();
    await saveWithFiles(db, [['Logo', body.logoId]], async (trx) => {
      if (body.logoId) {
        const file = await trx
          .selectFrom('files')
          .select('contentType')
          .where('id', '=', body.logoId)
          .executeTakeFirst();
        if (file && !DRAWABLE.includes(file.contentType)) throw fieldError('logoId', SOCIETY_LOGO_KINDS);
      }
      await repo.updateSettings(trx, body);
    });
    return { status: 200, body: await repo.getSettings(db, baseOf({ baseUrl: config.PUBLIC_URL })) };
  },

  rotateIssuerKey: async ({ body, request }) => {
    const { db, config } = request.server;
    checkUnscoped();
    const leaked = body.leaked ?? false;
    const base = baseOf({ baseUrl: config.PUBLIC_URL });
    return { status: 200, body: await rotateIssuerKey(db, config, base, { leaked, jobs: request.server.jobs }) };
  },
});
