import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { InviteeTestEmailInput, REMINDER_MESSAGES, type Invitee } from '@app/contract';
import { fieldErrors } from '../../api/errors';
import { useSignedInEmail } from '../../api/auth-client';
import { issuesToErrors } from '../../components/form-kit';
import { useInvitationEmailChoices, useSendInviteeTest } from './api';

const hour = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/**
 * An invitee's 'Send Test Email' (spec 02 §5): one of the invitation's emails ('Invitation Email is
 * required'), rendered with this invitee's values, sent to an address that starts as the signed-in user's.
 */
export default function InviteeTestDialog({ invitee, onClose }: { invitee: Invitee; onClose: () => void }) {
  const signedInEmail = useSignedInEmail();
  const choices = useInvitationEmailChoices(invitee.invitation.id);
  const [emailId, setEmailId] = useState<string | null>(null);
  const [toEmail, setToEmail] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const send = useSendInviteeTest();
  const email = toEmail ?? signedInEmail;
  const reminders = choices.data?.status === 200 ? choices.data.body.items : [];

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = InviteeTestEmailInput.safeParse({ toEmail: email });
    const problems = parsed.success ? {} : issuesToErrors(parsed.error.issues);
    if (!emailId) problems.emailId = REMINDER_MESSAGES.invitationEmailRequired;
    if (!parsed.success || !emailId) return setErrors(problems);
    setErrors({});
    try {
      await send.mutateAsync({ params: { id: invitee.invitation.id, emailId: Number(emailId), inviteeId: invitee.id }, body: parsed.data });
      onClose();
    } catch (error) {
      setErrors(fieldErrors(error));
    }
  }

  const name = [invitee.firstName, invitee.lastName].filter(Boolean).join(' ') || invitee.email;
  return (
    <Modal opened onClose={onClose} title="Send Test Email" size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            The email is rendered with {name}&apos;s values and sent to the address below, not to the invitee.
          </Text>
          {choices.isSuccess && reminders.length === 0 && (
            <Alert color="yellow" variant="light">
              This invitation has no email reminder yet: add one in its Email Reminders tab first.
            </Alert>
          )}
          <Select
            label="Invitation Email"
            withAsterisk
            placeholder={choices.isPending ? 'Loading…' : 'Choose an email'}
            data={reminders.map((r) => ({ value: String(r.id), label: `${r.template.name} · ${hour.format(new Date(r.sendScheduledAt))}` }))}
            value={emailId}
            onChange={(v) => {
              setEmailId(v);
              setErrors(({ emailId: _, ...rest }) => rest);
            }}
            error={errors.emailId}
            comboboxProps={{ withinPortal: true }}
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
