import { SegmentedControl, SimpleGrid, Switch, Text, Input } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { DATABASE_FOLDER, type Invitation } from '@app/contract';
import { EntityForm, FormSection, SearchableSelect, useEntityForm } from '../../components/form-kit';
import { ImageUploadField } from '../../components/upload';
import { chapterOptions, institutionOptions, invitationsArea } from './api';
import { DatabaseDryRun } from './database-dry-run';
import { TestVariableSelect } from './test-variable-select';
import { dayAhead, InvitationFormSchema, toFormValues } from './form-values';

const DATE_PROPS = {
  valueFormat: 'MMM D, YYYY',
  leftSection: <IconCalendar size={16} stroke={1.6} />,
  leftSectionPointerEvents: 'none' as const,
  popoverProps: { withinPortal: true },
};

const INVITE_COUNT_OPTIONS = [
  { value: '2', label: '2' },
  { value: '3', label: '3' },
  { value: '4', label: '4 or more' },
];

/**
 * The invitation form (spec 02 §2): Basic Information, Delivery Options, Invitees Source. Saving with an
 * invitation updates it, otherwise creates one; a database starts its processing on the server.
 */
export function InvitationForm({ invitation, onDone }: { invitation?: Invitation; onDone: () => void }) {
  const save = invitationsArea.useSave();
  const form = useEntityForm({
    schema: InvitationFormSchema,
    initialValues: toFormValues(invitation),
    id: invitation?.id,
    ...save,
    onSaved: onDone,
  });
  const v = form.values;
  // The file is held whole (to show it); its id is what the schema checks, and 'Database is required' goes under it.
  const databaseError = form.getInputProps('databaseId').error;
  // Past days cannot be chosen (spec 02 §2); a date already in the past on an old invitation stays shown.
  const today = dayAhead(0);
  const locked = invitation && (invitation.status === 'Sending' || invitation.status === 'Completed');

  return (
    <EntityForm form={form} onCancel={onDone}>
      <FormSection title="Basic Information">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
          <SearchableSelect
            {...institutionOptions}
            label="Institution"
            withAsterisk
            selectedLabel={invitation?.institution.name}
            {...form.getInputProps('institutionId')}
            value={v.institutionId}
          />
          <SearchableSelect
            {...chapterOptions}
            label="Chapter"
            withAsterisk
            selectedLabel={invitation?.chapter.name}
            {...form.getInputProps('chapterId')}
            value={v.chapterId}
          />
          <DateInput
            {...DATE_PROPS}
            label="Deadline"
            withAsterisk
            minDate={today}
            {...form.getInputProps('deadline')}
            value={v.deadline}
          />
          <DateInput
            {...DATE_PROPS}
            label="Orientation Date"
            withAsterisk
            minDate={today}
            {...form.getInputProps('orientationDate')}
            value={v.orientationDate}
          />
        </SimpleGrid>
      </FormSection>

      <FormSection title="Delivery Options">
        <Switch label="Deliver Emails" {...form.getInputProps('deliverEmails', { type: 'checkbox' })} />
        <Switch label="Deliver Postal Mails" {...form.getInputProps('deliverPostalMails', { type: 'checkbox' })} />
        <Switch
          label="Enable Tickler"
          description="Invitees who pledged but have not completed membership after 3 days get the tickler email"
          {...form.getInputProps('enableTickler', { type: 'checkbox' })}
        />
        <TestVariableSelect current={invitation?.test ?? null} {...form.getInputProps('testId')} value={v.testId} />
      </FormSection>

      <FormSection title="Invitees Source" gap="md">
        <ImageUploadField
          kind="file"
          label="Database"
          description="One xlsx, csv or xls file, up to 10 MB"
          required
          path={DATABASE_FOLDER}
          value={v.database}
          onChange={(f) => form.setValue('database', f)}
          error={databaseError}
          disabled={locked}
        />
        <Switch
          label="Clean joined (remove existing members)"
          disabled={locked}
          {...form.getInputProps('cleanJoined', { type: 'checkbox' })}
        />
        <Input.Wrapper label="Clean by invite count" description="Remove invitees already invited this many times">
          <SegmentedControl
            mt={4}
            data={INVITE_COUNT_OPTIONS}
            disabled={locked}
            value={v.cleanInviteCount ?? '4'}
            onChange={(value) => form.setValue('cleanInviteCount', value)}
          />
        </Input.Wrapper>
        {v.database && (
          <DatabaseDryRun
            databaseId={v.database.id}
            cleanJoined={!!v.cleanJoined}
            cleanInviteCount={v.cleanInviteCount ?? '4'}
          />
        )}
        {locked && (
          <Text size="sm" c="dimmed">
            The database and its cleaning cannot change once sending has started.
          </Text>
        )}
      </FormSection>
    </EntityForm>
  );
}
