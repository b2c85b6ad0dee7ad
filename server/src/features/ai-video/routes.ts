import { AI_VIDEO_DELETABLE, AI_VIDEO_MESSAGES, AI_VIDEO_PREVIEWABLE, contract } from '@app/contract';
import { s } from '../../ts-rest.js';
import { AppError, fieldError, notFound, orNotFound } from '../../errors.js';
import { callbackTokenValid, videoCallback } from '../../services/ai-video/lifecycle.js';
import { videoProviderFrom } from '../../services/ai-video/provider.js';
import * as repo from './repo.js';
import { checkVariableTokens, resolveTemplateTokens, templateForm } from './service.js';

const TEMPLATE = 'AI video template';
const templateNotFound = () => notFound(TEMPLATE);
const videoNotFound = () => notFound('AI video');
const notConfigured = () => new AppError(409, AI_VIDEO_MESSAGES.notConfigured);

export const aiVideoRoutes = s.router(contract.aiVideo, {
  listTemplates: async ({ query, request }) => ({
    status: 200,
    body: await repo.listTemplates(request.server.db, query),
  }),

  templateForm: async ({ query, request }) => ({ status: 200, body: await templateForm(request.server.config, query) }),

  createTemplate: async ({ body, request }) => {
    checkVariableTokens(body.variables);
    const id = await repo.createTemplate(request.server.db, body);
    return { status: 201, body: (await repo.getTemplate(request.server.db, id))! };
  },

  getTemplate: async ({ params, request }) => ({
    status: 200,
    body: orNotFound(await repo.getTemplate(request.server.db, params.id), TEMPLATE),
  }),

  updateTemplate: async ({ params, body, request }) => {
    checkVariableTokens(body.variables);
    if (!(await repo.updateTemplate(request.server.db, params.id, body))) throw templateNotFound();
    return { status: 200, body: (await repo.getTemplate(request.server.db, params.id))! };
  },

  removeTemplate: async ({ params, request }) => {
    const outcome = await request.server.db.transaction().execute((trx) => repo.deleteTemplate(trx, params.id));
    if (outcome === 'missing') throw templateNotFound();
    if (outcome === 'busy') throw new AppError(409, 'This template still has videos: delete them first');
    return { status: 204, body: undefined };
  },

  templateVideos: async ({ params, request }) => {
    if (!(await repo.getTemplate(request.server.db, params.id))) throw templateNotFound();
    return { status: 200, body: { items: await repo.generatedVideos(request.server.db, params.id) } };
  },

  listVideos: async ({ params, query, request }) => {
    if (!(await repo.getTemplate(request.server.db, params.templateId))) throw templateNotFound();
    return { status: 200, body: await repo.listVideos(request.server.db, params.templateId, query) };
  },

  videoForm: async ({ body, request }) => {
    const { db } = request.server;
    const template = await repo.getTemplate(db, body.templateId);
    if (!template) throw fieldError('templateId', 'AI video template not found');
    if (!(await repo.accountLabel(db, body.accountId))) throw fieldError('accountId', 'Account not found');
    return {
      status: 200,
      body: { tokensResolvedResult: await resolveTemplateTokens(db, template.variables, body.accountId) },
    };
  },

  createVideo: async ({ body, request }) => {
    const { db, config, jobs } = request.server;
    const template = await repo.getTemplate(db, body.templateId);
    if (!template) throw fieldError('templateId', 'AI video template not found');
    const account = await repo.accountLabel(db, body.accountId);
    if (!account) throw fieldError('accountId', 'Account not found');
    if (!videoProviderFrom(config)) throw notConfigured();
    const { unresolvedTokens } = await resolveTemplateTokens(db, template.variables, body.accountId);
    if (unresolvedTokens.length)
      throw new AppError(
        400,
        AI_VIDEO_MESSAGES.unresolved,
        `Unresolved: ${unresolvedTokens.map((t) => t.label).join(', ')}`,
      );
    const name = (body.name ?? `${template.name} - ${account.name}`).slice(0, 254);
    const id = await db.transaction().execute(async (trx) => {
      const videoId = await repo.createVideo(trx, { templateId: template.id, accountId: account.id, name });
      await jobs.send('ai-video-generate', { videoId }, { db: trx });
      return videoId;
    });
    return { status: 201, body: (await repo.getVideo(db, id))! };
  },

  previewVideo: async ({ params, request }) => {
    const { db, config } = request.server;
    const video = await repo.videoRow(db, params.id);
    if (!video) throw videoNotFound();
    if (!AI_VIDEO_PREVIEWABLE.includes(video.status))
      throw new AppError(409, 'Only a generated video can be previewed');
    // The provider's links expire: ask for a fresh one, else answer the stored one.
    const provider = videoProviderFrom(config);
    if (provider && video.providerVideoId) {
      const fresh = await provider.videoStatus(video.providerVideoId).catch(() => null);
      if (fresh?.videoUrl && fresh.videoUrl !== video.videoUrl) {
        await db
          .updateTable('aiVideos')
          .set({ videoUrl: fresh.videoUrl, thumbnailUrl: fresh.thumbnailUrl })
          .where('id', '=', video.id)
          .execute();
        return { status: 200, body: { videoUrl: fresh.videoUrl } };
      }
    }
    return { status: 200, body: { videoUrl: video.videoUrl } };
  },

  removeVideo: async ({ params, request }) => {
    const { db, config, jobs } = request.server;
    const video = await repo.videoRow(db, params.id);
    if (!video) throw videoNotFound();
    if (!AI_VIDEO_DELETABLE.includes(video.status))
      throw new AppError(409, 'Only a generated, failed or rejected video can be deleted');
    if (video.providerVideoId && !videoProviderFrom(config)) throw notConfigured();
    const moved = await db.transaction().execute(async (trx) => {
      if (!(await repo.moveVideo(trx, video.id, AI_VIDEO_DELETABLE, 'deleting'))) return false;
      await jobs.send('ai-video-delete', { videoId: video.id }, { db: trx });
      return true;
    });
    if (!moved) throw new AppError(409, 'Only a generated, failed or rejected video can be deleted');
    return { status: 200, body: (await repo.getVideo(db, video.id))! };
  },

  callback: async ({ query, request }) => {
    const { db, config, jobs } = request.server;
    if (!config.PUBLIC_URL || !config.VIDEO_API_KEY) throw notFound('Callback');
    if (!callbackTokenValid(config, query.id, query.token)) throw new AppError(403, 'Invalid callback token');
    await videoCallback({ db, jobs }, query.id);
    return { status: 200, body: { ok: true as const } };
  },
});
