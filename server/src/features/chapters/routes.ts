import { contract, INSTITUTION_NOT_FOUND } from '@app/contract';
import { s } from '../../ts-rest.js';
import { AppError, notFound } from '../../errors.js';
import { csvAttachment } from '../../http.js';
import { checkFileReferences, commitFiles } from '../files/repo.js';
import * as repo from './repo.js';

type Db = Parameters<typeof repo.institutionExists>[0];

/** The institution and every referenced file must exist; uploaded files become permanent once saved. */
async function checkReferences(db: Db, input: repo.ChapterValues): Promise<number[]> {
  if (!(await repo.institutionExists(db, input.institutionId))) throw new AppError(400, INSTITUTION_NOT_FOUND);
  return checkFileReferences(db, [
    ['Logo', input.logoId],
    ['Advisor 1 signature', input.invitationAdvisor1.signatureId],
    ['Advisor 2 signature', input.invitationAdvisor2.signatureId],
    ['President signature', input.invitationPresident.signatureId],
    ['SCLA page image', input.sclaPageImageId],
  ]);
}

export const chapterRoutes = s.router(contract.chapters, {
  list: async ({ query, request }) => ({ status: 200, body: await repo.listChapters(request.server.db, query) }),

  export: async ({ query, request, reply }) => csvAttachment(reply, 'chapters', repo.exportChapters(request.server.db, query)),

  get: async ({ params, request }) => {
    const chapter = await repo.getChapter(request.server.db, params.id);
    if (!chapter) throw notFound('Chapter');
    return { status: 200, body: chapter };
  },

  create: async ({ body, request }) => {
    const { db } = request.server;
    const id = await db.transaction().execute(async (trx) => {
      const fileIds = await checkReferences(trx, body);
      const created = await repo.createChapter(trx, body);
      await commitFiles(trx, fileIds);
      return created;
    });
    return { status: 201, body: (await repo.getChapter(db, id))! };
  },

  update: async ({ params, body, request }) => {
    const { db } = request.server;
    await db.transaction().execute(async (trx) => {
      const fileIds = await checkReferences(trx, body);
      if (!(await repo.updateChapter(trx, params.id, body))) throw notFound('Chapter');
      await commitFiles(trx, fileIds);
    });
    return { status: 200, body: (await repo.getChapter(db, params.id))! };
  },
});
