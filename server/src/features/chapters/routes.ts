import { contract, INSTITUTION_NOT_FOUND, type Chapter } from '@app/contract';
import { s } from '../../ts-rest.js';
import { AppError, notFound } from '../../errors.js';
import { csvAttachment } from '../../services/audit/csv-export.js';
import type { Db } from '../../db/database.js';
import { saveWithFiles, type FileReference } from '../../services/files.js';
import * as repo from './repo.js';
import { chapterScope, checkUnscoped } from '../../services/auth/chapter-scope.js';

/** A chapter's identity besides its institution (issue 35 §3): what a chapter-scoped caller may not change. */
const IDENTITY = ['abbreviation', 'legacyId', 'active', 'acceptingMembers'] as const;

export const CHAPTER_IDENTITY_FIXED =
  "You do not have permission to change a chapter's institution, abbreviation, legacy id or status";

/** Refuses (403) a chapter-scoped caller's change of a chapter's identity; its landing page it may edit. */
function checkIdentityKept(before: Chapter, after: repo.ChapterValues) {
  const changed = before.institution.id !== after.institutionId || IDENTITY.some((f) => before[f] !== after[f]);
  if (chapterScope() && changed) {
    throw new AppError(403, CHAPTER_IDENTITY_FIXED);
  }
}

/** Every file a chapter refers to, by the label its error names. */
const files = (input: repo.ChapterValues): FileReference[] => [
  ['Logo', input.logoId],
  ['Advisor 1 signature', input.invitationAdvisor1.signatureId],
  ['Advisor 2 signature', input.invitationAdvisor2.signatureId],
  ['President signature', input.invitationPresident.signatureId],
  ['SCLA page image', input.sclaPageImageId],
];

async function checkInstitution(db: Db, input: repo.ChapterValues) {
  if (!(await repo.institutionExists(db, input.institutionId))) throw new AppError(400, INSTITUTION_NOT_FOUND);
}

export const chapterRoutes = s.router(contract.chapters, {
  list: async ({ query, request }) => ({ status: 200, body: await repo.listChapters(request.server.db, query) }),

  export: async ({ query, request, reply }) =>
    csvAttachment(reply, 'chapters', repo.exportChapters(request.server.db, query)),

  get: async ({ params, request }) => {
    const chapter = await repo.getChapter(request.server.db, params.id);
    if (!chapter) throw notFound('Chapter');
    return { status: 200, body: chapter };
  },

  create: async ({ body, request }) => {
    const { db } = request.server;
    checkUnscoped();
    await checkInstitution(db, body);
    const id = await saveWithFiles(db, files(body), (trx) => repo.createChapter(trx, body));
    return { status: 201, body: (await repo.getChapter(db, id))! };
  },

  update: async ({ params, body, request }) => {
    const { db } = request.server;
    const before = await repo.getChapter(db, params.id);
    if (!before) throw notFound('Chapter');
    checkIdentityKept(before, body);
    await checkInstitution(db, body);
    await saveWithFiles(db, files(body), async (trx) => {
      if (!(await repo.updateChapter(trx, params.id, body))) throw notFound('Chapter');
    });
    return { status: 200, body: (await repo.getChapter(db, params.id))! };
  },
});
