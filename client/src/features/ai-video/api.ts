import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  AI_VIDEO_MESSAGES as M,
  AiVideoTemplateListQuery,
  aiVideoContract,
  type AiVideoFormInput,
  type AiVideoListQuery,
  type AiVideoTemplateFormQuery,
} from '@app/contract';
import { createArea } from '../../api/area';
import { areaClient } from '../../api/tsr';
import type { FetchOptionsPage } from '../../components/form-kit';

const tsr = areaClient({ aiVideo: aiVideoContract });

const KEY = 'ai-video';

/** Delete's texts (spec 03 §8): the fixed title and text, whatever the server said. */
export const DELETE_TEMPLATE_META = {
  successMessage: 'AI Video Template deleted',
  errorTitle: M.deleteTitle,
  errorMessage: M.deleteMessage,
};

/** AI video templates (spec 03 §7): list, one, create, change (PATCH) and delete. */
export const aiVideoTemplatesArea = createArea(
  KEY,
  {
    list: tsr.aiVideo.listTemplates,
    detail: tsr.aiVideo.getTemplate,
    create: tsr.aiVideo.createTemplate,
    update: tsr.aiVideo.updateTemplate,
    remove: tsr.aiVideo.removeTemplate,
  },
  { savedMessage: M.templateSaved, removeMeta: DELETE_TEMPLATE_META, listQuery: AiVideoTemplateListQuery },
);

/** The Template tab's choices: provider templates (page 1), the chosen one's variables, the tokens. */
export function useTemplateForm(query: AiVideoTemplateFormQuery) {
  return tsr.aiVideo.templateForm.useQuery({ queryKey: [KEY, 'form', query], queryData: { query }, staleTime: 60_000 });
}

/** The provider's templates for the selector, 20 a page, searched by name. */
export const providerTemplateOptions = {
  entityName: 'provider templates',
  queryKey: [KEY, 'provider-templates'] as const,
  fetchPage: ((search, page) =>
    tsr.aiVideo.templateForm.query({ query: { search: search || undefined, page } }).then((res) => {
      if (res.status !== 200) throw res;
      return {
        items: res.body.providerTemplates.items,
        hasNextPage: res.body.providerTemplates.pagination.hasNextPage,
      };
    })) as FetchOptionsPage<{ id: string; name: string }>,
  getValue: (t: { id: string }) => t.id,
  getLabel: (t: { name: string; id: string }) => `${t.name} (${t.id})`,
};

/** A template's videos (the Videos tab), filtered by accountName and status. */
export function useTemplateVideos(templateId: number) {
  return (query: AiVideoListQuery) =>
    tsr.aiVideo.listVideos.useQuery({
      queryKey: [KEY, 'videos', templateId, query],
      queryData: { params: { templateId }, query },
      placeholderData: keepPreviousData,
    });
}

/** The template's tokens resolved for a member (the Generate tab's table); off until a member is chosen. */
export function useVideoForm(input: Partial<AiVideoFormInput>) {
  const ready = typeof input.templateId === 'number' && typeof input.accountId === 'number';
  return useQuery({
    queryKey: [KEY, 'video-form', input],
    queryFn: async () => {
      const res = await tsr.aiVideo.videoForm.mutate({ body: input as AiVideoFormInput });
      if (res.status !== 200) throw res;
      return res.body.tokensResolvedResult;
    },
    enabled: ready,
  });
}

/** Generate: 'AI Video saved successfully.'; a 400's field issues go to the fields. */
export function useGenerateVideo(onSuccess: () => void) {
  return tsr.aiVideo.createVideo.useMutation({ meta: { successMessage: M.saved, formIssues: true }, onSuccess });
}

export function useRemoveVideo(onSettled: () => void) {
  return tsr.aiVideo.removeVideo.useMutation({ meta: { successMessage: 'AI Video deleted' }, onSettled });
}

/** A generated video's playable URL, read when the preview opens. */
export function useVideoPreview(id: number | null) {
  return tsr.aiVideo.previewVideo.useQuery({
    queryKey: [KEY, 'preview', id],
    queryData: { params: { id: id ?? 0 } },
    enabled: id !== null,
    staleTime: 0,
    retry: false,
  });
}

export { KEY as AI_VIDEO_KEY };
