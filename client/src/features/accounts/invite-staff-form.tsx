import { Text } from '@mantine/core';
import { InviteStaffInput } from '@app/contract';
import { EntityForm, useEntityForm } from '../../components/form-kit';
import { accountsRoutes, useInviteStaff } from './api';
import { RoleFields } from './access-fields';
import { NameFields } from './name-fields';

export const INVITE_STAFF_TEXTS = {
  title: 'Invite Staff',
  intro: 'They get an email with a link to set their password. The link works once and expires in 7 days.',
  submit: 'Send Invitation',
} as const;

/**
 * "Invite staff" on the accounts list (issue 35 §5): name, email, roles and the chapters a chapter-scoped role
 * reaches. Only roles and chapters the signed-in account holds are accepted (the server refuses others).
 */
export function InviteStaffForm({ onDone }: { onDone: () => void }) {
  const invite = useInviteStaff();
  const form = useEntityForm({
    schema: InviteStaffInput,
    initialValues: { firstName: '', lastName: '', email: '', roles: [] as string[], chapterIds: [] as number[] },
    create: invite,
    update: () => Promise.reject(new Error('An invitation is only sent')),
    onSaved: onDone,
  });
  return (
    <EntityForm form={form} onCancel={onDone} submitLabel={INVITE_STAFF_TEXTS.submit} call={accountsRoutes.inviteStaff}>
      <Text size="sm" c="dimmed">
        {INVITE_STAFF_TEXTS.intro}
      </Text>
      <NameFields form={form} />
      <RoleFields form={form} />
    </EntityForm>
  );
}
