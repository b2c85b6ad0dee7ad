import { Textarea, TextInput } from '@mantine/core';
import { PROGRAM_MESSAGES, ProgramInput, type Program } from '@app/contract';
import { EntityForm, useEntityForm } from '../../components/form-kit';
import { programsArea } from './api';

/** The Add/Edit Program side sheet's form: name 3 to 254 characters, optional summary. */
export function ProgramForm({ program, onDone }: { program?: Program; onDone: () => void }) {
  const save = programsArea.useSave({ errorTitle: PROGRAM_MESSAGES.saveFailed });
  const initialValues = { name: program?.name ?? '', summary: program?.summary ?? '' };
  const form = useEntityForm({ schema: ProgramInput, initialValues, id: program?.id, ...save, onSaved: onDone });
  return (
    <EntityForm form={form} onCancel={onDone}>
      <TextInput
        label="Name"
        withAsterisk
        data-autofocus
        maxLength={254}
        description={program ? `Slug: ${program.slug} (kept when the name changes)` : 'The slug is made from the name'}
        {...form.getInputProps('name')}
      />
      <Textarea label="Summary" rows={4} maxLength={2000} {...form.getInputProps('summary')} />
    </EntityForm>
  );
}
