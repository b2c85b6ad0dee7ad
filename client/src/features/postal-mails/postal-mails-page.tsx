import { lazy, Suspense } from 'react';
import { Text } from '@mantine/core';
import { PostalMailListQuery, type PostalMail } from '@app/contract';
import type { Column, FilterDef } from '../../components/list-kit';
import { AreaListPage } from '../../components/area-list-page';
import { pollWhileRunning, postalMailsArea, useRemovePostalMail } from './api';
import { invitationColumn, mailColumns } from './columns';
import { useMailDrawer } from './use-mail-drawer';

const PostalMailDrawer = lazy(() => import('./postal-mail-drawer'));

const filters: FilterDef[] = [{ key: 'search', type: 'search', placeholder: 'Search id, institution or chapter' }];

const idColumn: Column<PostalMail> = {
  key: 'id',
  header: 'Id',
  sortField: 'id',
  visibleFrom: 'sm',
  render: (m) => (
    <Text size="sm" fw={600}>
      #{m.id}
    </Text>
  ),
};

const useMailList = (query: Parameters<typeof postalMailsArea.useList>[0]) =>
  postalMailsArea.useList(query, { refetchInterval: pollWhileRunning });

/** /admin/logistics/postal-mails: every invitation's postal mailings; edit and delete before the upload starts. */
export function PostalMailsPage() {
  const drawer = useMailDrawer();
  const { remove } = useRemovePostalMail();
  return (
    <>
      <AreaListPage
        title="Postal Mailings"
        area={{ listQuery: PostalMailListQuery, useList: useMailList }}
        columns={[idColumn, ...mailColumns({ edit: drawer.openEdit, remove }, invitationColumn)]}
        filters={filters}
        emptyText="No postal mailing scheduled yet. Add one from an invitation's Postal Mailings tab."
      />
      {drawer.target && (
        <Suspense fallback={null}>
          <PostalMailDrawer target={drawer.target} onClose={drawer.close} />
        </Suspense>
      )}
    </>
  );
}
