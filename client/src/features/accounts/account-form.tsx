import type { ReactNode } from 'react';
import { Divider, PasswordInput, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import {
  accountMembershipContract,
  AccountCreateInput,
  AccountUpdateInput,
  PASSWORD_MIN,
  type Account,
} from '@app/contract';
import { AddressFields, EntityForm, NullableNumberInput, useEntityForm } from '../../components/form-kit';
import { accountsArea } from './api';
import { toAccountFormValues, withoutUnchangedAccess } from './form-values';
import { TwoFactorReset } from './two-factor-reset';
import { AccountMembership } from '../../components/membership/account-membership';
import { Can } from '../../api/permissions';
import { AccessFields } from './access-fields';
import { NameFields } from './name-fields';
import { OPT_OUT_HINT } from '../../components/directory-opt-out-badge';

const adminRouteApi = getRouteApi('/admin');

/**
 * The Add/Edit Account panel's form (spec 01 §3 Account): the password only when adding; admin and
 * active toggles, which the signed-in admin cannot turn off for their own account (the server refuses too).
 */
export function AccountForm({
  account,
  onDone,
  history,
}: {
  account?: Account;
  onDone: () => void;
  /** The record's History panel, shown in the form's flow above the sticky Cancel / Save bar. */
  history?: ReactNode;
}) {
  const save = accountsArea.useSave();
  const { account: me } = adminRouteApi.useRouteContext();
  const isSelf = !!account && account.id === me.id;
  const form = useEntityForm({
    schema: account ? AccountUpdateInput : AccountCreateInput,
    initialValues: toAccountFormValues(account),
    id: account?.id,
    // Without an account the schema is AccountCreateInput, so the body has the password.
    create: (body) => save.create(body as AccountCreateInput),
    update: (id, body) => save.update(id, withoutUnchangedAccess(body, account!)),
    onSaved: onDone,
  });

  return (
    <EntityForm form={form} onCancel={onDone}>
      <NameFields form={form} />
      {!account && (
        <PasswordInput
          label="Password"
          withAsterisk
          description={`At least ${PASSWORD_MIN} characters`}
          autoComplete="new-password"
          {...form.getInputProps('password')}
        />
      )}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="md">
        <TextInput
          label="Phone"
          type="tel"
          placeholder="(555) 555-0123"
          description="US unless it starts with +country code"
          {...form.getInputProps('phone')}
        />
        <TextInput label="Invitation Code" {...form.getInputProps('invitationCode')} />
        <NullableNumberInput
          label="Legacy Id"
          description="From the previous system, if any"
          {...form.getInputProps('legacyId')}
        />
      </SimpleGrid>
      <Switch
        label="Admin"
        description={isSelf ? 'You cannot remove your own admin access' : 'Staff access to this back-office'}
        disabled={isSelf}
        {...form.getInputProps('admin', { type: 'checkbox' })}
      />
      <Switch
        label="Active"
        description={isSelf ? 'You cannot deactivate your own account' : 'Inactive accounts cannot sign in'}
        disabled={isSelf}
        {...form.getInputProps('active', { type: 'checkbox' })}
      />
      <Switch
        label="Directory opt-out (FERPA)"
        description={OPT_OUT_HINT}
        {...form.getInputProps('directoryOptOut', { type: 'checkbox' })}
      />
      <AccessFields form={form} />
      {account?.twoFactorOn && !isSelf && <TwoFactorReset account={account} />}
      <Divider label="Address" labelPosition="left" mt="xs" />
      <AddressFields form={form} path="address" />
      {account && (
        <Can call={accountMembershipContract.membership}>
          <Divider label="Membership" labelPosition="left" mt="xs" />
          <AccountMembership accountId={account.id} />
        </Can>
      )}
      {history}
    </EntityForm>
  );
}
