import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { SendTestEmailInput, recipientKind, type EmailTemplate } from '@app/contract';
import { fieldErrors } from '../../api/errors';
import { SearchableSelect, issuesToErrors } from '../../components/form-kit';
import { useSignedInEmail } from '../../api/auth-client';
import { inviteeOptions, memberOptions, useSendTestEmail } from './api';

/**
 * 'Send Test Email' (spec 03 §2): the template sent to an address with the tokens of an invitee
 * (Invitation, InvitationTickler) or a member (WelcomeEmail types); the address starts as the
 * signed-in user's own.
 */
export function SendTestDialog({ template, onClose }: { template: EmailTemplate; onClose: () => void }) {
  const signedInEmail = useSignedInEmail();
  const [toEmail, setToEmail] = useState<string | null>(null);
  const [recipientId, setRecipientId] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const send = useSendTestEmail();
  const kind = recipientKind(template.templateType);
  const email = toEmail ?? signedInEmail;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = SendTestEmailInput.safeParse({ toEmail: email, recipientId });
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
    <Modal opened onClose={onClose} title="Send Test Email" size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {template.name}: the tokens are filled in with the chosen {kind === 'invitee' ? "invitee's" : "member's"} values.
          </Text>
          <SearchableSelect
            {...(picker as typeof inviteeOptions)}
            label={kind === 'invitee' ? 'Invitee' : 'Member'}
            withAsterisk
            value={recipientId}
            onChange={(v) => setRecipientId(v === null ? null : Number(v))}
            error={errors.recipientId}
          />
          <TextInput label="Email" withAsterisk type="email" value={email} onChange={(e) => setToEmail(e.currentTarget.value)} error={errors.toEmail} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={send.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={send.isPending}>
              Send Test Email
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
