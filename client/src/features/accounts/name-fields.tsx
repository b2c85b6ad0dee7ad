import { SimpleGrid, TextInput } from '@mantine/core';
import type { FormBinder } from '../../components/form-kit';

/**
 * An account's First Name, Last Name (side by side from the xs breakpoint) and Email, as the account's Edit
 * panel and "Invite Staff" ask for them; the first name takes the focus.
 *
 * @example <NameFields form={form} />
 */
export function NameFields({ form }: { form: FormBinder }) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="md">
        <TextInput
          label="First Name"
          withAsterisk
          data-autofocus
          autoComplete="off"
          {...form.getInputProps('firstName')}
        />
        <TextInput label="Last Name" withAsterisk autoComplete="off" {...form.getInputProps('lastName')} />
      </SimpleGrid>
      <TextInput label="Email" type="email" withAsterisk autoComplete="off" {...form.getInputProps('email')} />
    </>
  );
}
