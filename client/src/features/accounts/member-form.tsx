import { Text, TextInput } from '@mantine/core';
import { MemberInput, type MemberRow } from '@app/contract';
import { EntityForm, useEntityForm } from '../../components/form-kit';
import { membersArea } from './api';
import { formatDay } from './format';
import { toMemberFormValues } from './form-values';

/** The Edit Member panel's form (spec 01 §5: first name, last name and email are required). */
export function MemberForm({ member, onDone }: { member: MemberRow; onDone: () => void }) {
  const save = membersArea.useSave();
  const form = useEntityForm({
    schema: MemberInput,
    initialValues: toMemberFormValues(member),
    id: member.id,
    ...save,
    onSaved: onDone,
  });
  const facts = [
    member.schoolname,
    member.invitationcode && `code ${member.invitationcode}`,
    member.memberat
      ? `member since ${formatDay(member.memberat)}`
      : member.pledgedat && `pledged ${formatDay(member.pledgedat)}`,
  ].filter(Boolean);
  return (
    <EntityForm form={form} onCancel={onDone}>
      {facts.length > 0 && (
        <Text size="sm" c="dimmed">
          {facts.join(' · ')}
        </Text>
      )}
      <TextInput label="First Name" withAsterisk data-autofocus {...form.getInputProps('firstname')} />
      <TextInput label="Last Name" withAsterisk {...form.getInputProps('lastname')} />
      <TextInput label="Email" type="email" withAsterisk {...form.getInputProps('email')} />
    </EntityForm>
  );
}
