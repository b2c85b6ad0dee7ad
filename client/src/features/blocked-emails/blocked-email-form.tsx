import { Alert, Textarea, TextInput } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { BLOCKED_EMAIL_TYPES, BlockedEmailInput, FEEDBACK_TYPE_LABELS, type BlockedEmail } from '@app/contract';
import { EntityForm, EnumSelect, useEntityForm } from '../../components/form-kit';
import { blockedEmailsArea } from './api';

const TYPE_OPTIONS = BLOCKED_EMAIL_TYPES.map((value) => ({ value, label: value }));

/** The Add/Edit Blocked Email panel's form: email and email type required (spec 03), a reason optional. */
export function BlockedEmailForm({ blocked, onDone }: { blocked?: BlockedEmail; onDone: () => void }) {
  const save = blockedEmailsArea.useSave();
  const initialValues = {
    email: blocked?.email ?? '',
    emailType: blocked?.emailType ?? null,
    reason: blocked?.reason ?? '',
  };
  const form = useEntityForm({ schema: BlockedEmailInput, initialValues, id: blocked?.id, ...save, onSaved: onDone });
  const automatic = blocked !== undefined && blocked.feedbackType !== 'manual';
  // An automatic block keeps its address, and its type may only be widened to All (the server checks it too).
  const types = automatic
    ? TYPE_OPTIONS.filter((o) => o.value === blocked.emailType || o.value === 'All')
    : TYPE_OPTIONS;

  return (
    <EntityForm form={form} onCancel={onDone}>
      {automatic && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconLock size={18} />}
          title={`Blocked automatically: ${FEEDBACK_TYPE_LABELS[blocked.feedbackType]}`}
        >
          The recipient's own action blocked this address. It stays blocked: only the reason can change, and the type
          can only be widened to All.
        </Alert>
      )}
      <TextInput
        label="Email"
        type="email"
        withAsterisk
        data-autofocus
        readOnly={automatic}
        {...form.getInputProps('email')}
      />
      <EnumSelect
        label="Email Type"
        withAsterisk
        placeholder="Choose a type"
        values={types}
        allowDeselect={false}
        {...form.getInputProps('emailType')}
      />
      <Textarea label="Reason" rows={4} {...form.getInputProps('reason')} />
    </EntityForm>
  );
}
