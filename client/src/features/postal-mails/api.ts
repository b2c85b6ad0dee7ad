import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import {
  POSTAL_MAIL_MESSAGES,
  postalMailsContract,
  type Paged,
  type PostalMail,
  type PostalMailInput,
  PostalMailListQuery,
} from '@app/contract';
import { createArea } from '../../api/area';
import { areaClient } from '../../api/tsr';

const tsr = areaClient({ postalMails: postalMailsContract });

const KEY = 'postal-mails';

/** Re-read a page every 5 s while one of its mailings is uploading or due to start. */
const POLL_MS = 5000;
export function pollWhileRunning(response: unknown): number | false {
  const items = (response as { body?: Paged<PostalMail> } | undefined)?.body?.items ?? [];
  const now = Date.now();
  const running = items.some(
    (m) => m.uploadStatus === 'In Progress' || (!m.uploadStartedAt && Date.parse(m.uploadScheduledAt) <= now),
  );
  return running ? POLL_MS : false;
}

/** Every invitation's postal mailings (GET /api/admin/logistics/postal-mails). */
export const postalMailsArea = createArea(KEY, { list: tsr.postalMails.list }, { listQuery: PostalMailListQuery });

/** One invitation's postal mailings: a list hook for the Postal Mailings tab. */
export function useInvitationPostalMails(invitationId: number) {
  return (query: PostalMailListQuery) =>
    tsr.postalMails.ofInvitation.useQuery({
      queryKey: [KEY, 'invitation', invitationId, query],
      queryData: { params: { id: invitationId }, query },
      placeholderData: keepPreviousData,
      refetchInterval: (q: { state: { data: unknown } }) => pollWhileRunning(q.state.data),
    });
}

const invalidate = (queryClient: ReturnType<typeof useQueryClient>) => () =>
  queryClient.invalidateQueries({ queryKey: [KEY] });

/**
 * Add (no mailing) or edit a mailing of `invitationId`, for `useEntityForm`: 'Postal mailing saved
 * successfully.' on success, a 400's issues on the fields.
 */
export function useSavePostalMail(invitationId: number) {
  const onSettled = invalidate(useQueryClient());
  const meta = { successMessage: POSTAL_MAIL_MESSAGES.saved, formIssues: true };
  const create = tsr.postalMails.create.useMutation({ meta, onSettled });
  const update = tsr.postalMails.update.useMutation({ meta, onSettled });
  return {
    create: (body: PostalMailInput) => create.mutateAsync({ params: { id: invitationId }, body }),
    update: (mailId: number | string, body: PostalMailInput) =>
      update.mutateAsync({ params: { id: invitationId, mailId: Number(mailId) }, body }),
  };
}

/** Deletes a mailing that has not started (the server refuses one that has, with its reason). */
export function useRemovePostalMail() {
  const onSettled = invalidate(useQueryClient());
  const mutation = tsr.postalMails.remove.useMutation({
    meta: { successMessage: POSTAL_MAIL_MESSAGES.deleted },
    onSettled,
  });
  return {
    remove: (mail: PostalMail) => mutation.mutate({ params: { id: mail.invitation.id, mailId: mail.id } }),
    isPending: mutation.isPending,
  };
}
