import { useState } from 'react';
import type { PostalMail } from '@app/contract';
import type { MailTarget } from './postal-mail-drawer';

/**
 * The drawer's state. Kept in the component, not the URL: the mailing is the row already shown (there is
 * no single-mailing route to reload it from), and on the invitation's page the `edit` key would be shared
 * with the other tabs.
 */
export function useMailDrawer() {
  const [target, setTarget] = useState<MailTarget | null>(null);
  return {
    target,
    openNew: (invitationId: number) => setTarget({ invitationId }),
    openEdit: (mail: PostalMail) => setTarget({ invitationId: mail.invitation.id, mail }),
    close: () => setTarget(null),
  };
}
