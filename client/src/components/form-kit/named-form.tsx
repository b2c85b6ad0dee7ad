import type { ReactNode } from 'react';
import { TextInput } from '@mantine/core';
import { EntityForm } from './form-drawer';
import type { EntityForm as EntityFormState } from './use-entity-form';

/**
 * A side panel form whose first field is the record's name (`field`, 'name' unless told, labelled `label`):
 * required, focused when the panel opens, at most `maxLength` characters (254 unless told), with a
 * `description` under it; then the other fields. For an account that may not save, the fields are disabled.
 * @example <NamedForm form={form} onDone={onDone} description="The slug is made from the name"><Textarea ... /></NamedForm>
 */
export function NamedForm(props: {
  form: EntityFormState<any>;
  onDone: () => void;
  description: ReactNode;
  field?: string;
  label?: string;
  maxLength?: number;
  /** The name cannot change (a built-in record's). */
  fixed?: boolean;
  children?: ReactNode;
}) {
  const { form, field = 'name' } = props;
  return (
    <EntityForm form={form} onCancel={props.onDone} lockFields>
      <TextInput
        label={props.label ?? 'Name'}
        withAsterisk
        data-autofocus
        maxLength={props.maxLength ?? 254}
        disabled={props.fixed}
        description={props.description}
        {...form.getInputProps(field)}
      />
      {props.children}
    </EntityForm>
  );
}
