import { IconBuildingBank, IconCalendarEvent, IconLayoutDashboard, IconSchool, type Icon } from '@tabler/icons-react';
import { IconUserCheck, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { IconReceipt } from '@tabler/icons-react';
import { IconMailCode } from '@tabler/icons-react';
import { IconMailOff } from '@tabler/icons-react';
import { IconUserShield } from '@tabler/icons-react';
import { IconInbox, IconMailFast } from '@tabler/icons-react';
import { IconVideo } from '@tabler/icons-react';
import { IconMessageChatbot } from '@tabler/icons-react';
import { IconAddressBook, IconArrowsSplit2, IconSend2 } from '@tabler/icons-react';
import { IconMailbox } from '@tabler/icons-react';
import { IconMailForward } from '@tabler/icons-react';
import { IconCalendarStats, IconChartBar, IconReportAnalytics } from '@tabler/icons-react';
import { IconMailCheck } from '@tabler/icons-react';
import { IconRoute } from '@tabler/icons-react';
import { IconListCheck } from '@tabler/icons-react';
import { IconChecklist, IconClipboardList } from '@tabler/icons-react';
import { IconDatabaseImport } from '@tabler/icons-react';
import { IconHistory, IconKey, IconShieldLock } from '@tabler/icons-react';
import { IconSettings } from '@tabler/icons-react';

const DASHBOARD = '/admin';

export type NavItem = { label: string; to: string; icon: Icon };

/**
 * The sidebar, in order. Each area adds one entry when its route exists; the breadcrumbs reuse the
 * labels; an entry shows only to accounts holding the permission its route `needs` (sidebar-nav.tsx). The active entry is the longest `to` that prefixes the current path; the dashboard (`/admin`)
 * is active only on itself, not on every admin page.
 *
 * @example { label: 'Chapters', to: '/admin/chapters', icon: IconSchool }
 */
export const navItems: NavItem[] = [
  { label: 'Dashboard', to: '/admin', icon: IconLayoutDashboard },
  { label: 'Institutions', to: '/admin/institutions', icon: IconBuildingBank },
  { label: 'Chapters', to: '/admin/chapters', icon: IconSchool },
  { label: 'Accounts', to: '/admin/accounts', icon: IconUsers },
  { label: 'Members', to: '/admin/accounts/members', icon: IconUserCheck },
  { label: 'Pledges', to: '/admin/accounts/pledges', icon: IconUserPlus },
  { label: 'Payments', to: '/admin/accounts/payments', icon: IconReceipt },
  { label: 'Calendar', to: '/admin/calendar', icon: IconCalendarEvent },
  { label: 'Logistics', to: '/admin/logistics', icon: IconReportAnalytics },
  { label: 'Invitations', to: '/admin/logistics/invitations', icon: IconSend2 },
  { label: 'Invitees', to: '/admin/logistics/invitees', icon: IconAddressBook },
  { label: 'A/B Variables', to: '/admin/logistics/test-variables', icon: IconArrowsSplit2 },
  { label: 'Email Reminders', to: '/admin/logistics/email-reminders', icon: IconMailForward },
  { label: 'Postal Mailings', to: '/admin/logistics/postal-mails', icon: IconMailbox },
  { label: 'Stats by Institution', to: '/admin/logistics/stats-by-institution', icon: IconChartBar },
  { label: 'Emails per Day', to: '/admin/logistics/emails-scheduled-per-day', icon: IconCalendarStats },
  { label: 'Deliverability', to: '/admin/logistics/deliverability', icon: IconMailCheck },
  { label: 'Email Templates', to: '/admin/tech/email-templates', icon: IconMailCode },
  { label: 'Blocked Emails', to: '/admin/tech/emails-feedback', icon: IconMailOff },
  { label: 'Emails Sent', to: '/admin/tech/emails-sent', icon: IconMailFast },
  { label: 'Outbox', to: '/admin/tech/outbox', icon: IconInbox },
  { label: 'Imports', to: '/admin/tech/imports', icon: IconDatabaseImport },
  { label: 'API Keys', to: '/admin/tech/api-keys', icon: IconKey },
  { label: 'Roles', to: '/admin/tech/roles', icon: IconShieldLock },
  { label: 'Audit Log', to: '/admin/tech/audit-log', icon: IconHistory },
  { label: 'Personal Data', to: '/admin/tech/privacy', icon: IconUserShield },
  { label: 'Society Settings', to: '/admin/tech/settings', icon: IconSettings },
  { label: 'AI Chat Templates', to: '/admin/tech/ai-template', icon: IconMessageChatbot },
  { label: 'AI Video Templates', to: '/admin/tech/ai-video-template', icon: IconVideo },
  { label: 'Programs', to: '/admin/learning/programs', icon: IconRoute },
  { label: 'Assessments', to: '/admin/learning/assessments', icon: IconListCheck },
  { label: 'Quizzes', to: '/admin/learning/quiz', icon: IconChecklist },
  { label: 'Surveys', to: '/admin/learning/survey', icon: IconClipboardList },
];

/** The `to` of the nav entry that owns `pathname`, if any. */
export function activeNavTo(pathname: string, items: Pick<NavItem, 'to'>[] = navItems): string | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  return items
    .map((item) => item.to)
    .filter((to) => path === to || (to !== DASHBOARD && path.startsWith(`${to}/`)))
    .sort((a, b) => b.length - a.length)[0];
}
