import { Modal, Textarea, TextInput } from '@mantine/core';
import { ProgramSectionInput, type ProgramSection } from '@app/contract';
import { EntityForm, useEntityForm } from '../../components/form-kit';
import { useSaveSection } from './api';

/** Add Section / Edit Section: name 3 to 254 characters, optional description; a new one goes last (index 999). */
export function SectionDialog({
  programId,
  section,
  onClose,
}: {
  programId: number;
  section?: ProgramSection;
  onClose: () => void;
}) {
  const save = useSaveSection(programId);
  const form = useEntityForm({
    schema: ProgramSectionInput,
    initialValues: { name: section?.name ?? '', description: section?.description ?? '' },
    id: section?.id,
    ...save,
    onSaved: onClose,
  });
  return (
    <Modal opened onClose={onClose} title={section ? 'Edit Section' : 'Add Section'} size="lg">
      <EntityForm form={form} onCancel={onClose}>
        <TextInput label="Name" withAsterisk data-autofocus maxLength={254} {...form.getInputProps('name')} />
        <Textarea label="Description" rows={3} maxLength={2000} {...form.getInputProps('description')} />
      </EntityForm>
    </Modal>
  );
}
