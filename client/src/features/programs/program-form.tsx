import { Textarea } from '@mantine/core';
import { PROGRAM_MESSAGES, ProgramInput, type Program } from '@app/contract';
import { useEntityForm } from '../../components/form-kit';
import { NamedForm } from '../../components/form-kit/named-form';
import { programsArea } from './api';

/** The Add/Edit Program side sheet's form: name 3 to 254 characters, optional summary. */
export function ProgramForm({ program, onDone }: { program?: Program; onDone: () => void }) {
  const save = programsArea.useSave({ errorTitle: PROGRAM_MESSAGES.saveFailed });
  const initialValues = { name: program?.name ?? '', summary: program?.summary ?? '' };
  const form = useEntityForm({ schema: ProgramInput, initialValues, id: program?.id, ...save, onSaved: onDone });
  return (
    <NamedForm
      form={form}
      onDone={onDone}
      description={program ? `Slug: ${program.slug} (kept when the name changes)` : 'The slug is made from the name'}
    >
      <Textarea label="Summary" rows={4} maxLength={2000} {...form.getInputProps('summary')} />
    </NamedForm>
  );
}
