import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import type {
  AccountCreateInput, AccountListQuery, AccountUpdateInput, MemberInput, MemberListQuery, PledgeListQuery, ResetPasswordInput,
} from '@app/contract';
import { tsr } from '../../api/tsr';
import type { EntityId } from '../../components/form-kit';

export const ACCOUNT_SAVED = 'Account saved successfully.';
export const PASSWORD_SAVED = 'Password saved successfully.';
export const MEMBER_SAVED = 'Member saved successfully.';

/**
 * Query keys of the accounts area. Accounts, members and pledges are the same rows (DOMAIN.md), so
 * every save invalidates `all`.
 */
export const accountQueries = {
  all: ['accounts'] as const,
  list: (query: AccountListQuery) => ['accounts', 'list', query] as const,
  detail: (id: number) => ['accounts', 'detail', id] as const,
  members: (query: MemberListQuery) => ['accounts', 'members', query] as const,
  member: (id: number) => ['accounts', 'member', id] as const,
  pledges: (query: PledgeListQuery) => ['accounts', 'pledges', query] as const,
};

export function useAccountList(query: AccountListQuery) {
  return tsr.accounts.list.useQuery({ queryKey: accountQueries.list(query), queryData: { query }, placeholderData: keepPreviousData });
}

export function useAccount(id: number) {
  return tsr.accounts.get.useQuery({ queryKey: accountQueries.detail(id), queryData: { params: { id } } });
}

export function useMemberList(query: MemberListQuery) {
  return tsr.accounts.members.useQuery({ queryKey: accountQueries.members(query), queryData: { query }, placeholderData: keepPreviousData });
}

export function useMember(id: number) {
  return tsr.accounts.getMember.useQuery({ queryKey: accountQueries.member(id), queryData: { params: { id } } });
}

export function usePledgeList(query: PledgeListQuery) {
  return tsr.accounts.pledges.useQuery({ queryKey: accountQueries.pledges(query), queryData: { query }, placeholderData: keepPreviousData });
}

function useInvalidateAccounts() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: accountQueries.all });
}

/** Create and update for the account side panel; the notifications come from the query client. */
export function useSaveAccount() {
  const onSuccess = useInvalidateAccounts();
  const options = { meta: { successMessage: ACCOUNT_SAVED, formIssues: true }, onSuccess };
  const create = tsr.accounts.create.useMutation(options);
  const update = tsr.accounts.update.useMutation(options);
  return {
    create: (body: AccountCreateInput) => create.mutateAsync({ body }),
    update: (id: EntityId, body: AccountUpdateInput) => update.mutateAsync({ params: { id: Number(id) }, body }),
  };
}

export function useSaveMember() {
  const onSuccess = useInvalidateAccounts();
  const update = tsr.accounts.updateMember.useMutation({ meta: { successMessage: MEMBER_SAVED, formIssues: true }, onSuccess });
  return (id: EntityId, body: MemberInput) => update.mutateAsync({ params: { id: Number(id) }, body });
}

/** Password reset of an account (`account`) or of a member (`member`): same body, same texts. */
export function useResetPassword(kind: 'account' | 'member') {
  const options = { meta: { successMessage: PASSWORD_SAVED, formIssues: true } };
  const account = tsr.accounts.resetPassword.useMutation(options);
  const member = tsr.accounts.resetMemberPassword.useMutation(options);
  const mutation = kind === 'account' ? account : member;
  return (id: EntityId, body: ResetPasswordInput) => mutation.mutateAsync({ params: { id: Number(id) }, body });
}
