import { Switch, Textarea } from '@mantine/core';
import { InvitationTestInput, type InvitationTest } from '@app/contract';
import { useEntityForm } from '../../components/form-kit';
import { NamedForm } from '../../components/form-kit/named-form';
import { testVariablesArea } from './api';

/** The Add/Edit Variable side sheet's form: name and description required, enabled by default (spec 02 §5). */
export function InvitationTestForm({ test, onDone }: { test?: InvitationTest; onDone: () => void }) {
  const save = testVariablesArea.useSave();
  const initialValues = {
    name: test?.name ?? '',
    description: test?.description ?? '',
    enabled: test?.enabled ?? true,
  };
  const form = useEntityForm({ schema: InvitationTestInput, initialValues, id: test?.id, ...save, onSaved: onDone });
  return (
    <NamedForm
      form={form}
      onDone={onDone}
      maxLength={255}
      description={test ? `Slug: ${test.slug}` : 'The slug is made from the name'}
    >
      <Textarea label="Description" withAsterisk rows={4} {...form.getInputProps('description')} />
      <Switch
        label="Enabled"
        description="Only enabled variables are offered to new invitations"
        {...form.getInputProps('enabled', { type: 'checkbox' })}
      />
    </NamedForm>
  );
}
