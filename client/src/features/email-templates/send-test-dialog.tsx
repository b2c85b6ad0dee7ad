import { useState } from 'react';
import { Text } from '@mantine/core';
import { SendTestEmailInput, recipientKind, type EmailTemplate } from '@app/contract';
import { fieldErrors } from '../../api/errors';
import { SearchableSelect, issuesToErrors } from '../../components/form-kit';
import { SendTestModal } from '../../components/send-test-modal';
import { memberOptions } from '../../api/member-options';
import { inviteeOptions, useSendTestEmail } from './api';

/**
 * 'Send Test Email' (spec 03 §2): the template sent to an address with the tokens of an invitee
 * (Invitation, InvitationTickler) or a member (WelcomeEmail types); the address starts as the
 * signed-in user's own.
 */
export function SendTestDialog({ template, onClose }: { template: EmailTemplate; onClose: () => void }) {
  const [recipientId, setRecipientId] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const send = useSendTestEmail();
  const kind = recipientKind(template.templateType);

  async function submit(toEmail: string) {
    const parsed = SendTestEmailInput.safeParse({ toEmail, recipientId });
    if (!parsed.success) return setErrors(issuesToErrors(parsed.error.issues));
    setErrors({});
    try {
      await send.mutateAsync({ params: { id: template.id }, body: parsed.data });
      onClose();
    } catch (error) {
      setErrors(fieldErrors(error));
    }
  }

  const picker = kind === 'invitee' ? inviteeOptions : memberOptions;
  return (
    <SendTestModal
      intro={
        <Text size="sm" c="dimmed">
          {template.name}: the tokens are filled in with the chosen {kind === 'invitee' ? "invitee's" : "member's"}{' '}
          values.
        </Text>
      }
      errors={errors}
      pending={send.isPending}
      onSubmit={(toEmail) => void submit(toEmail)}
      onClose={onClose}
    >
      <SearchableSelect
        {...(picker as typeof inviteeOptions)}
        label={kind === 'invitee' ? 'Invitee' : 'Member'}
        withAsterisk
        value={recipientId}
        onChange={(v) => setRecipientId(v === null ? null : Number(v))}
        error={errors.recipientId}
      />
    </SendTestModal>
  );
}
