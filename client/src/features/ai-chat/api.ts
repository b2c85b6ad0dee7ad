import { useQuery } from '@tanstack/react-query';
import {
  AI_CHAT_MESSAGES as M,
  AiChatTemplateListQuery,
  aiChatContract,
  type AiChatListQuery,
  type AiPreviewAccountInput,
  type AiPreviewCustomInput,
} from '@app/contract';
import { createArea } from '../../api/area';
import { areaClient } from '../../api/tsr';

const tsr = areaClient({ aiChat: aiChatContract });

const KEY = 'ai-chat';

/** Save and delete texts (spec 03 §8). */
export const SAVE_TEMPLATE_META = { errorTitle: M.saveError };
const DELETE_TEMPLATE_META = { successMessage: 'AI Chat Template deleted', errorTitle: M.deleteError };

/** AI chat templates (spec 03 §7): list, one, create, change (PATCH) and delete. */
export const aiChatTemplatesArea = createArea(
  KEY,
  {
    list: tsr.aiChat.listTemplates,
    detail: tsr.aiChat.getTemplate,
    create: tsr.aiChat.createTemplate,
    update: tsr.aiChat.updateTemplate,
    remove: tsr.aiChat.removeTemplate,
  },
  {
    savedMessage: 'AI Chat Template saved successfully.',
    removeMeta: DELETE_TEMPLATE_META,
    listQuery: AiChatTemplateListQuery,
  },
);

/** The tokens, the JSON schemas, and whether the AI provider is configured. */
export function useTemplateForm() {
  return tsr.aiChat.templateForm.useQuery({ queryKey: [KEY, 'form'], staleTime: 60_000 });
}

/** A preview, asked when its dialog opens (the `preview` search parameter); the same body answers from the cache. */
export function usePreview(
  kind: 'custom' | 'account' | undefined,
  body: AiPreviewCustomInput | AiPreviewAccountInput | null,
) {
  return useQuery({
    queryKey: [KEY, 'preview', kind, body],
    queryFn: async () => {
      const res =
        kind === 'account'
          ? await tsr.aiChat.previewAccount.mutate({ body: body as AiPreviewAccountInput })
          : await tsr.aiChat.previewCustom.mutate({ body: body as AiPreviewCustomInput });
      if (res.status !== 200) throw res;
      return res.body;
    },
    enabled: kind !== undefined && body !== null,
    staleTime: Infinity,
    retry: false,
  });
}

/** A template's chats (the Chats tab). */
export function useTemplateChats(templateId: number) {
  return (query: AiChatListQuery) =>
    tsr.aiChat.listChats.useQuery({
      queryKey: [KEY, 'chats', templateId, query],
      queryData: { params: { id: templateId }, query },
    });
}

/** One conversation, read when its dialog opens. */
export function useChat(id: number | null) {
  return tsr.aiChat.getChat.useQuery({
    queryKey: [KEY, 'chat', id],
    queryData: { params: { id: id ?? 0 } },
    enabled: id !== null,
  });
}
