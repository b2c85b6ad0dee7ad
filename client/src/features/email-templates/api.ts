import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  EMAIL_TEMPLATE_SAVED,
  EmailTemplateListQuery,
  type EmailPreviewInput,
  TEST_EMAIL_SENT,
  emailTemplatesContract,
  tokensContract,
} from '@app/contract';
import { createArea, pickerSource } from '../../api/area';
import { areaClient } from '../../api/tsr';

const tsr = areaClient({ emailTemplates: emailTemplatesContract, tokens: tokensContract });

/** The email templates area: list, one template, create and update ('Email saved successfully.'). */
export const emailTemplatesArea = createArea(
  'email-templates',
  {
    list: tsr.emailTemplates.list,
    detail: tsr.emailTemplates.get,
    create: tsr.emailTemplates.create,
    update: tsr.emailTemplates.update,
  },
  { savedMessage: EMAIL_TEMPLATE_SAVED, listQuery: EmailTemplateListQuery },
);

/** The token registry (GET /api/admin/tokens): the same for every screen that documents tokens. */
export function useTokens() {
  return tsr.tokens.list.useQuery({ queryKey: ['tokens'], staleTime: Infinity });
}

/** The society's email domain the From Email and Reply To rule checks against. */
export function useTemplateSettings() {
  return tsr.emailTemplates.settings.useQuery({ queryKey: ['email-templates', 'settings'], staleTime: Infinity });
}

/**
 * The server's rendering of an unsaved template with sample values, for `draft` (debounce it first):
 * the previous rendering stays shown while the next loads; errors show in the preview, not as a notification.
 */
export function usePreview(draft: EmailPreviewInput, enabled = true) {
  return useQuery({
    queryKey: ['email-templates', 'preview', draft],
    queryFn: async () => {
      const res = await tsr.emailTemplates.preview.mutate({ body: draft });
      if (res.status !== 200) throw res;
      return res.body;
    },
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    enabled,
  });
}

/** 'Send Test Email': notifies 'Test email sent successfully.'; a 400's field issues go to the dialog's fields. */
export function useSendTestEmail() {
  return tsr.emailTemplates.sendTestEmail.useMutation({ meta: { successMessage: TEST_EMAIL_SENT, formIssues: true } });
}

/** Invitees for an invitation template's test send: 'First Last <email>'. */
export const inviteeOptions = pickerSource('invitees', tsr.emailTemplates.inviteeOptions);
