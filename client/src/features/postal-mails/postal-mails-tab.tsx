import { lazy, Suspense } from 'react';
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { postalMailsContract, PostalMailListQuery, type Invitation } from '@app/contract';
import { Can } from '../../api/permissions';
import { ListPage, listQueryOf, usePrefixedListSearch } from '../../components/list-kit';
import { useInvitationPostalMails, useRemovePostalMail } from './api';
import { mailColumns } from './columns';
import { useMailDrawer } from './use-mail-drawer';

const PostalMailDrawer = lazy(() => import('./postal-mail-drawer'));

/** The invitation's Postal Mailings tab: its list under `pPage`, `pPageSize`, `pSort`; add, edit and delete before the upload. */
export default function PostalMailsTab({ invitation }: { invitation: Pick<Invitation, 'id'> }) {
  const list = usePrefixedListSearch('p', PostalMailListQuery);
  const result = useInvitationPostalMails(invitation.id)(listQueryOf(PostalMailListQuery, list.search));
  const drawer = useMailDrawer();
  const { remove } = useRemovePostalMail();
  return (
    <>
      <ListPage
        title="Postal Mailings"
        list={list}
        result={result}
        columns={mailColumns({ edit: drawer.openEdit, remove })}
        emptyText="No postal mailing scheduled yet."
        actions={
          <Can call={postalMailsContract.create}>
            <Button leftSection={<IconPlus size={16} />} onClick={() => drawer.openNew(invitation.id)}>
              Add Postal Mailing
            </Button>
          </Can>
        }
      />
      {drawer.target && (
        <Suspense fallback={null}>
          <PostalMailDrawer target={drawer.target} onClose={drawer.close} />
        </Suspense>
      )}
    </>
  );
}
