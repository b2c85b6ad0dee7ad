import type { PostalMail } from '@app/contract';
import { FormDrawer } from '../../components/form-kit';
import { PostalMailForm } from './postal-mail-form';

/** What the drawer shows: a new mailing of an invitation, or the mailing being edited. */
export type MailTarget = { invitationId: number; mail?: PostalMail };

/** The Add/Edit Postal Mailing side panel: its own chunk, loaded when it first opens. */
export default function PostalMailDrawer({ target, onClose }: { target: MailTarget | null; onClose: () => void }) {
  return (
    <FormDrawer
      opened={target !== null}
      onClose={onClose}
      title={target?.mail ? 'Edit Postal Mailing' : 'Add Postal Mailing'}
    >
      {target && (
        <PostalMailForm
          key={target.mail?.id ?? 'new'}
          invitationId={target.invitationId}
          mail={target.mail}
          onDone={onClose}
        />
      )}
    </FormDrawer>
  );
}
