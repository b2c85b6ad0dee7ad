import { Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { openConfirmModal, openModal } from '../../lib/overlay-gate';
import { IconLogout, IconPalette, IconUser } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { CurrentAccount } from '@app/contract';
import { ColorSchemeControl } from './color-scheme';
import { UserBadge, userName } from './user-badge';

export const LOGOUT_URL = '/api/auth/logout';
/** One word for it everywhere (the menu, the member area, and the dialog's 'Yes, sign out' of spec 01 §2). */
export const SIGN_OUT = 'Sign out';

/** Sign-out asks first (spec 01 §2); the server ends the session and redirects to /login. */
export function confirmSignOut() {
  openConfirmModal({
    title: 'Are you sure you want to sign out?',
    children: (
      <Text size="sm" c="dimmed">
        You'll be redirected to the login page.
      </Text>
    ),
    labels: { confirm: 'Yes, sign out', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm: () => window.location.assign(LOGOUT_URL),
  });
}

function openAppearance() {
  openModal({ title: 'Appearance', size: 'sm', children: <ColorSchemeControl /> });
}

export function UserMenu({ account }: { account: CurrentAccount }) {
  const name = userName(account);
  // The header never scrolls away; hiding on detach only misfires where layout is not measured (tests).
  return (
    <Menu position="bottom-end" width={240} hideDetached={false}>
      <Menu.Target>
        {/* Named by what it shows plus 'Account menu' (an aria-label hiding the visible name fails WCAG 2.5.3). */}
        <UnstyledButton style={{ borderRadius: 'var(--mantine-radius-xl)' }}>
          <UserBadge account={account} name={name} />
          <VisuallyHidden>Account menu</VisuallyHidden>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate>
            {name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {account.email}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item component={Link} to="/admin/profile" leftSection={<IconUser size={16} stroke={1.6} />}>
          Profile
        </Menu.Item>
        <Menu.Item leftSection={<IconPalette size={16} stroke={1.6} />} onClick={openAppearance}>
          Appearance
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} stroke={1.6} />} onClick={confirmSignOut}>
          {SIGN_OUT}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
