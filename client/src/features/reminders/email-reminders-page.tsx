import { lazy, Suspense } from 'react';
import { Loader } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { AllInvitationEmailsQuery, type InvitationEmail } from '@app/contract';
import type { FilterDef } from '../../components/list-kit';
import { AreaListPage } from '../../components/area-list-page';
import { allRemindersArea, pollWhileSending, useWeeklyStats } from './api';
import { invitationColumn, reminderColumns } from './columns';
import { useReminderEditing } from './reminder-editing';
import { GuardPauseAlert } from '../../components/guard-pauses';

const WeeklyCharts = lazy(() => import('./weekly-charts'));
const routeApi = getRouteApi('/admin/logistics/email-reminders');

const filters: FilterDef[] = [
  { key: 'search', type: 'search', placeholder: 'Search template, institution or chapter' },
  { key: 'dateFrom', type: 'date', label: 'Scheduled from' },
  { key: 'dateTo', type: 'date', label: 'Scheduled to' },
];

const useReminderList = (query: Parameters<typeof allRemindersArea.useList>[0]) =>
  allRemindersArea.useList(query, { refetchInterval: pollWhileSending });

function Charts({ dateFrom, dateTo }: { dateFrom?: string; dateTo?: string }) {
  const stats = useWeeklyStats({ dateFrom, dateTo });
  if (!stats.data) return <Loader size="sm" aria-label="Loading the weekly charts" />;
  return (
    <Suspense fallback={<Loader size="sm" aria-label="Loading the weekly charts" />}>
      <WeeklyCharts weeks={stats.data.body.weeks} />
    </Suspense>
  );
}

/** /admin/logistics/email-reminders: weekly delivery, open and CTR trends, then every reminder (edit and delete until its send starts). */
export function EmailRemindersPage() {
  const search = routeApi.useSearch();
  const editing = useReminderEditing();
  return (
    <>
      <AreaListPage<InvitationEmail, typeof AllInvitationEmailsQuery>
        title="Email Reminders"
        area={{ listQuery: AllInvitationEmailsQuery, useList: useReminderList }}
        columns={reminderColumns(editing.actions, [invitationColumn])}
        filters={filters}
        emptyText="No email reminder in this range. Add one from an invitation's Email Reminders tab."
        intro={
          <>
            <GuardPauseAlert />
            <Charts dateFrom={search.dateFrom} dateTo={search.dateTo} />
          </>
        }
      />
      {editing.panel}
    </>
  );
}
