import type { ReactNode } from 'react';
import type { AppRoute } from '@ts-rest/core';
import { useRouter, type AnyRouter } from '@tanstack/react-router';
import {
  PERMISSION_SELF,
  permissionOf,
  splitPermission,
  type CurrentAccount,
  type PermissionKind,
} from '@app/contract';
import { authClient, currentAccountKey } from './auth-client';

/**
 * What a screen or a button needs (issue 35 §6, STYLE.md "Permissions"): the contract route it calls (its
 * `metadata.permission`, or `<area>:read|write|export` from its area), or a permission written out
 * (`'members:export'`). `undefined` or `self` needs nothing beyond being staff.
 */
export type Need = AppRoute | Pick<AppRoute, 'method' | 'responses' | 'metadata'> | string | undefined;

/** The permission a need stands for; undefined when it needs none. */
export function permissionNeeded(need: Need): string | undefined {
  if (need === undefined) return undefined;
  const permission = typeof need === 'string' ? need : permissionOf(need as AppRoute);
  return permission === PERMISSION_SELF ? undefined : permission;
}

/** Whether an account holds what `need` asks for (its `permissions`, the union of its roles'). */
export function holds(account: Pick<CurrentAccount, 'permissions'> | undefined, need: Need): boolean {
  const permission = permissionNeeded(need);
  if (permission === undefined) return !!account;
  return !!account?.permissions.includes(permission);
}

/**
 * The signed-in account's permissions, asked the way the server checks them: `can(contract.members.export)`.
 * Nothing is allowed until the account is known (in /admin it is, before any screen renders).
 */
export function usePermissions() {
  const reply = authClient.auth.currentAccount.useQuery({ queryKey: currentAccountKey, staleTime: 60_000 }).data;
  const account = reply?.status === 200 ? reply.body : undefined;
  return { account, can: (need: Need) => holds(account, need) };
}

/** The permission the current screen's route needs (routes/needs.ts); undefined when it declares none. */
function screenPermission(router: AnyRouter): string | undefined {
  // Read once per render, not subscribed: a screen renders afresh when navigated to.
  return [...router.state.matches].reverse().find((m) => m.staticData?.permission)?.staticData.permission;
}

function useMayOnScreen(router: AnyRouter, kind: PermissionKind, call?: Need): boolean {
  const { can } = usePermissions();
  if (call !== undefined) return can(call);
  const screen = screenPermission(router);
  const area = screen && splitPermission(screen)?.area;
  return area ? can(`${area}:${kind}`) : true;
}

/**
 * The kits' one check for their actions (Add, Edit, Delete, Save, Export): may the account make `call` (the
 * contract route the action calls), or, without one, do `kind` in the area of the screen it is on (its route's
 * `needs('<area>:read')` gives the area: Save on the institutions screen needs `institutions:write`).
 * A screen declaring none, or a form rendered alone without the app (a test), is not checked: the server decides.
 * @example const mayWrite = useMay('write'); const mayRecord = useMay('write', paymentsContract.record);
 */
export function useMay(kind: PermissionKind, call?: Need): boolean {
  const router = useRouter({ warn: false }) as AnyRouter | undefined;
  // The router's presence never changes for a mounted component, so the hooks below run in a fixed order.
  return router ? useMayOnScreen(router, kind, call) : true;
}

/**
 * Its children only when the account may make `call`, else `fallback` (nothing by default).
 * @example <Can call={paymentsContract.record}><Button>Record Payment</Button></Can>
 */
export function Can({ call, children, fallback = null }: { call: Need; children: ReactNode; fallback?: ReactNode }) {
  const { can } = usePermissions();
  return <>{can(call) ? children : fallback}</>;
}

/** A screen the account may not see: shown inside the shell as "You do not have access to this page". */
export class ForbiddenError extends Error {
  constructor(readonly permission?: string) {
    super('You do not have access to this page');
  }
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The permission an /admin screen needs (routes/needs.ts): its route guard and its nav entry read it. */
    permission?: string;
  }
}
