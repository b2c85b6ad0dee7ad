import { useState } from 'react';
import { Alert, Select, Text } from '@mantine/core';
import { InviteeTestEmailInput, REMINDER_MESSAGES, type Invitee } from '@app/contract';
import { fieldErrors } from '../../api/errors';
import { issuesToErrors } from '../../components/form-kit';
import { SendTestModal } from '../../components/send-test-modal';
import { useInvitationEmailChoices, useSendInviteeTest } from './api';

const hour = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/**
 * An invitee's 'Send Test Email' (spec 02 §5): one of the invitation's emails ('Invitation Email is
 * required'), rendered with this invitee's values, sent to an address that starts as the signed-in user's.
 */
export default function InviteeTestDialog({ invitee, onClose }: { invitee: Invitee; onClose: () => void }) {
  const choices = useInvitationEmailChoices(invitee.invitation.id);
  const [emailId, setEmailId] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const send = useSendInviteeTest();
  const reminders = choices.data?.status === 200 ? choices.data.body.items : [];

  async function submit(toEmail: string) {
    const parsed = InviteeTestEmailInput.safeParse({ toEmail });
    const problems = parsed.success ? {} : issuesToErrors(parsed.error.issues);
    if (!emailId) problems.emailId = REMINDER_MESSAGES.invitationEmailRequired;
    if (!parsed.success || !emailId) return setErrors(problems);
    setErrors({});
    try {
      await send.mutateAsync({
        params: { id: invitee.invitation.id, emailId: Number(emailId), inviteeId: invitee.id },
        body: parsed.data,
      });
      onClose();
    } catch (error) {
      setErrors(fieldErrors(error));
    }
  }

  const name = [invitee.firstName, invitee.lastName].filter(Boolean).join(' ') || invitee.email;
  return (
    <SendTestModal
      intro={
        <Text size="sm" c="dimmed">
          The email is rendered with {name}&apos;s values and sent to the address below, not to the invitee.
        </Text>
      }
      errors={errors}
      pending={send.isPending}
      onSubmit={(toEmail) => void submit(toEmail)}
      onClose={onClose}
    >
      {choices.isSuccess && reminders.length === 0 && (
        <Alert color="yellow" variant="light">
          This invitation has no email reminder yet: add one in its Email Reminders tab first.
        </Alert>
      )}
      <Select
        label="Invitation Email"
        withAsterisk
        placeholder={choices.isPending ? 'Loading…' : 'Choose an email'}
        data={reminders.map((r) => ({
          value: String(r.id),
          label: `${r.template.name} · ${hour.format(new Date(r.sendScheduledAt))}`,
        }))}
        value={emailId}
        onChange={(v) => {
          setEmailId(v);
          setErrors(({ emailId: _, ...rest }) => rest);
        }}
        error={errors.emailId}
        comboboxProps={{ withinPortal: true }}
      />
    </SendTestModal>
  );
}
