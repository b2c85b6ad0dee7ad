import { TextInput } from '@mantine/core';
import { ApiKeyInput, type CreatedApiKey } from '@app/contract';
import { EntityForm, useEntityForm } from '../../components/form-kit';
import { apiKeysArea } from './api';
import { ScopePicker } from './scope-picker';

/** The Add API Key form: a name and the calls it may make; `onCreated` gets the new key (shown once). */
export function ApiKeyForm({ onCreated, onCancel }: { onCreated: (key: CreatedApiKey) => void; onCancel: () => void }) {
  const { create } = apiKeysArea.useSave();
  const form = useEntityForm({
    schema: ApiKeyInput,
    initialValues: { name: '', scopes: [] as string[] },
    create,
    update: () => Promise.reject(new Error('API keys cannot be edited')),
    onSaved: (result) => onCreated((result as { body: CreatedApiKey }).body),
  });
  return (
    <EntityForm form={form} onCancel={onCancel} submitLabel="Create Key">
      <TextInput
        label="Name"
        withAsterisk
        data-autofocus
        description="Who or what uses it, e.g. 'Join site'"
        {...form.getInputProps('name')}
      />
      <ScopePicker
        value={form.values.scopes}
        onChange={(scopes) => form.setValue('scopes', scopes)}
        error={form.errors.scopes}
      />
    </EntityForm>
  );
}
