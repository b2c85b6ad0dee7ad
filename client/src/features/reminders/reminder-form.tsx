import type { InvitationEmail } from '@app/contract';
import {
  EntityForm,
  AudienceFields,
  ScheduledHourField,
  SearchableSelect,
  scheduledInstant,
  useEntityForm,
} from '../../components/form-kit';
import { invitationTemplateOptions, useSaveReminder } from './api';
import { ReminderFormSchema, toFormValues } from './form-values';
import { ProjectionNote } from './projection-note';

/**
 * The Add/Edit Email Reminder form (spec 02 §5): an enabled Invitation template, the send hour (hours
 * already over cannot be chosen; the current one starts within a minute), the invite-count bucket and
 * the test segment it reaches.
 */
export function ReminderForm({
  invitationId,
  reminder,
  onDone,
}: {
  invitationId: number;
  reminder?: InvitationEmail;
  onDone: () => void;
}) {
  const save = useSaveReminder(invitationId);
  const form = useEntityForm({
    schema: ReminderFormSchema,
    initialValues: toFormValues(reminder),
    id: reminder?.id,
    ...save,
    onSaved: onDone,
  });
  const { day, hour, inviteCount, testValue } = form.values;
  const at = scheduledInstant({ day, hour });
  return (
    <EntityForm form={form} onCancel={onDone}>
      <SearchableSelect
        {...invitationTemplateOptions}
        label="Template"
        description="Enabled Invitation templates"
        withAsterisk
        selectedLabel={reminder?.template.name}
        {...form.getInputProps('templateId')}
        onChange={(v) => form.setValue('templateId', v === null ? null : Number(v))}
      />
      <ScheduledHourField
        form={form}
        label="Send"
        errorPath="sendScheduledAt"
        note="Your local time; the reminder starts sending at the start of that hour."
      />
      <AudienceFields form={form} />
      <ProjectionNote
        invitationId={invitationId}
        query={at ? { sendScheduledAt: at, inviteCount, testValue, excludeId: reminder?.id } : null}
      />
    </EntityForm>
  );
}
