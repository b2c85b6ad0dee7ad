import {
  AccountListQuery,
  MemberListQuery,
  PledgeListQuery,
  INVITATION_SENT,
  WELCOME_EMAIL_SENT,
  type InviteStaffInput,
  type ResetPasswordInput,
  type WelcomeEmailState,
} from '@app/contract';
import { createArea, type EntityId } from '../../api/area';
import { accountsContract, apiRouter, twoFactorContract } from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import { areaClient } from '../../api/tsr';

const tsr = areaClient({ accounts: accountsContract });

/** The area's routes under `/api` (e.g. its export addresses), without the whole contract's schemas. */
export const accountsRoutes = apiRouter({ accounts: accountsContract }).accounts;

export const ACCOUNT_SAVED = 'Account saved successfully.';
export const PASSWORD_SAVED = 'Password saved successfully.';
export const MEMBER_SAVED = 'Member saved successfully.';
export const TWO_FACTOR_RESET = 'Two-factor sign-in reset.';

// Accounts, members and pledges are the same rows (DOMAIN.md): all three live under 'accounts', so
// every save refreshes the three lists.
const { accounts: routes } = tsr;

export const accountsArea = createArea(
  'accounts',
  { list: routes.list, detail: routes.get, create: routes.create, update: routes.update },
  { savedMessage: ACCOUNT_SAVED, listQuery: AccountListQuery },
);

export const membersArea = createArea(
  ['accounts', 'members'],
  { list: routes.members, detail: routes.getMember, update: routes.updateMember },
  { savedMessage: MEMBER_SAVED, listQuery: MemberListQuery, exportRoute: accountsRoutes.exportMembers },
);

/** Pledges are read-only. */
export const pledgesArea = createArea(
  ['accounts', 'pledges'],
  { list: routes.pledges },
  { listQuery: PledgeListQuery },
);

/** Password reset of an account (`account`) or of a member (`member`): same body, same texts. */
export function useResetPassword(kind: 'account' | 'member') {
  const options = { meta: { successMessage: PASSWORD_SAVED, formIssues: true } };
  const account = routes.resetPassword.useMutation(options);
  const member = routes.resetMemberPassword.useMutation(options);
  const mutation = kind === 'account' ? account : member;
  return (id: EntityId, body: ResetPasswordInput) => mutation.mutateAsync({ params: { id: Number(id) }, body });
}

/**
 * 'Send Welcome Email' of a member row (spec 01): the server picks the template; the texts come from the one
 * notification place. `afterSendId` (the last welcome the dialog showed) sends it again (issue 38 §6).
 */
export function useSendWelcomeEmail() {
  const mutation = routes.sendWelcomeEmail.useMutation({ meta: { successMessage: WELCOME_EMAIL_SENT } });
  return (id: EntityId, afterSendId?: number) =>
    mutation.mutate({ params: { id: Number(id) }, query: afterSendId ? { afterSendId } : {} });
}

/** The member's last welcome email, read when the dialog opens (null: none yet; undefined when the call fails, and the dialog still asks). */
export async function lastWelcomeEmail(id: number): Promise<WelcomeEmailState['lastSent'] | undefined> {
  const res = await routes.welcomeEmail.query({ params: { id } }).catch(() => undefined);
  return res?.status === 200 ? res.body.lastSent : undefined;
}

const twoFactor = areaClient({ twoFactor: twoFactorContract }).twoFactor;

/** Reset of another account's second factor (audited on the server); the account is read again. */
export function useResetTwoFactor() {
  const queryClient = useQueryClient();
  const mutation = twoFactor.reset.useMutation({
    meta: { successMessage: TWO_FACTOR_RESET },
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountsArea.queries.all }),
  });
  return (id: number) => mutation.mutate({ params: { id } });
}

/** "Invite" on an account row (issue 35 §5): emails its one-time set-password link; an earlier one stops working. */
export function useInvite() {
  const mutation = routes.invite.useMutation({ meta: { successMessage: INVITATION_SENT } });
  return (id: EntityId) => mutation.mutate({ params: { id: Number(id) } });
}

/** "Invite staff": a new staff account sent its link; the accounts lists are read again. */
export function useInviteStaff() {
  const queryClient = useQueryClient();
  const mutation = routes.inviteStaff.useMutation({
    meta: { successMessage: INVITATION_SENT, formIssues: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountsArea.queries.all }),
  });
  return (body: InviteStaffInput) => mutation.mutateAsync({ body });
}
