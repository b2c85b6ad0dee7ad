import { useEffect, useRef } from 'react';
import { Alert, Button, Loader, Stack } from '@mantine/core';
import { errorMessage } from '../../api/errors';
import { PublicCard } from '../../components/public-card';
import { useConfirmEmailChange } from './api';

/** /confirm-email?token=: the link sent to a member's new address; opening it changes the email once. */
export function ConfirmEmailPage({ token }: { token: string | undefined }) {
  const confirm = useConfirmEmailChange();
  const { mutate } = confirm;
  const sent = useRef(false);
  useEffect(() => {
    // Once: the link works once, and a second call (React's development double effect) would answer 404.
    if (token && !sent.current) mutate({ body: { token } });
    sent.current = true;
  }, [token, mutate]);
  return (
    <PublicCard title="Confirm your email">
      <Stack>
        {(confirm.isPending || confirm.isIdle) && token && <Loader size="sm" aria-label="Confirming" />}
        {!token && <Alert color="red">This link is incomplete. Open the link from the email again.</Alert>}
        {confirm.error != null && <Alert color="red">{errorMessage(confirm.error)}</Alert>}
        {confirm.data && (
          <Alert color="teal">
            {confirm.data.body.message} You now sign in with {confirm.data.body.email}.
          </Alert>
        )}
        <Button component="a" href="/member" variant="light">
          Go to the member home
        </Button>
      </Stack>
    </PublicCard>
  );
}
