import { useRouter } from '@tanstack/react-router';
import { FormPage, LoadedEntity } from '../../components/form-kit';
import { invitationsArea } from './api';
import { InvitationForm } from './invitation-form';

const LIST = { to: '/admin/logistics/invitations', label: 'Invitations' };

/**
 * Spec 02 §2: on save the browser goes back in history (to the list, or the detail it came from). A form opened
 * directly (a fresh tab, a link from elsewhere) has no page of the app to go back to: it goes to `fallback`.
 */
function useGoBack(fallback: { to: string; params?: Record<string, string> }) {
  const router = useRouter();
  return () => {
    if (router.history.canGoBack()) router.history.back();
    else void router.navigate(fallback);
  };
}

/** /admin/logistics/invitations/new */
export function NewInvitationPage() {
  const back = useGoBack({ to: LIST.to });
  return (
    <FormPage list={LIST} title="Add Invitation">
      <InvitationForm onDone={back} />
    </FormPage>
  );
}

/** /admin/logistics/invitations/{invitationId}/edit */
export function EditInvitationPage({ invitationId }: { invitationId: number }) {
  const back = useGoBack({
    to: '/admin/logistics/invitations/$invitationId',
    params: { invitationId: String(invitationId) },
  });
  const result = invitationsArea.useDetail(invitationId);
  const invitation = result.data?.body;
  return (
    <FormPage
      list={LIST}
      title="Edit Invitation"
      subtitle={invitation ? `#${invitation.id} - ${invitation.institution.name}` : undefined}
    >
      <LoadedEntity result={result}>{(i) => <InvitationForm key={i.id} invitation={i} onDone={back} />}</LoadedEntity>
    </FormPage>
  );
}
