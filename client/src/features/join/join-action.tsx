import { useState } from 'react';
import { Alert, Anchor, Button, PasswordInput, Stack, Text, type ButtonProps } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconAlertTriangle, IconCircleCheck, IconClockHour4 } from '@tabler/icons-react';
import { JOIN_SIGN_IN_TO_ACCEPT, JoinPledgeBody, type JoinInvitation } from '@app/contract';
import { errorMessage, fieldErrors } from '../../api/errors';
import { formatFee, joinClient, joinQueryKey } from './api';
import classes from './join.module.css';

export const JOIN_TEXTS = {
  accept: 'Accept the invitation',
  confirmAccept: 'Accept and create my account',
  passwordLabel: 'Choose a password',
  passwordHint: 'At least 8 characters. You will use it with your email address to sign in.',
  pledged: 'You have accepted the invitation.',
  pay: (fee: string) => `Pay ${fee} and complete membership`,
  notSetUp: 'Payment is not set up yet. Your place is held: we will email you when you can complete your membership.',
  confirming: 'Thank you! Your payment is being confirmed; this page updates by itself.',
  member: 'Welcome: you are a member. A welcome email is on its way.',
  memberArea: 'Go to the member area',
  noPassword: 'Your account has no password yet: ask for a link to set one, then sign in to the member area.',
  setPassword: 'Set my password',
  expired: 'This invitation has expired',
  removed: 'This invitation is no longer valid',
  signIn: 'Sign in',
} as const;

type Props = { join: JoinInvitation; signature: string; paid: boolean };

/** The sign-in page, coming back to this join link afterwards. */
const signInHref = (invitationCode: string, signature: string) =>
  `/login?redirect=${encodeURIComponent(`/join/${encodeURIComponent(invitationCode)}?signature=${encodeURIComponent(signature)}`)}`;

/** The card's full-width action: its label wraps on a narrow phone rather than being cut off. */
function ActionButton(props: ButtonProps & { onClick?: () => void; type?: 'submit'; component?: 'a'; href?: string }) {
  return (
    <Button
      size="md"
      fullWidth
      classNames={{ root: classes.action, inner: classes.actionInner, label: classes.actionLabel }}
      {...props}
    />
  );
}

/** The one clear action for where the invitee stands: accept (set a password), pay, or what happened. */
export function JoinAction({ join, signature, paid }: Props) {
  const queryClient = useQueryClient();
  const request = { params: { invitationCode: join.invitationCode }, query: { signature } };
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  // The contract's own check, so a short password gets the server's words before anything is sent.
  const [checked, setChecked] = useState<string>();
  // An existing account without a password: the pledge is recorded and a set-password link emailed (202).
  const [emailed, setEmailed] = useState<string>();
  const pledge = joinClient.publicJoin.pledge.useMutation({
    meta: { silentError: true },
    onSuccess: (res) => {
      if (res.status === 202) setEmailed(res.body.message);
      return queryClient.invalidateQueries({ queryKey: joinQueryKey(join.invitationCode, signature) });
    },
  });
  const checkout = joinClient.publicJoin.checkout.useMutation({
    meta: { silentError: true },
    onSuccess: (res) => window.location.assign(res.body.url),
  });

  if (join.state === 'expired' || join.state === 'removed') {
    return (
      <Alert
        color="gray"
        variant="light"
        role="status"
        icon={<IconClockHour4 size={20} />}
        title={JOIN_TEXTS[join.state]}
      >
        If you believe this is a mistake, please reply to the invitation email.
      </Alert>
    );
  }
  if (join.state === 'member') {
    return (
      <Stack>
        <Alert color="green" variant="light" role="status" icon={<IconCircleCheck size={20} />}>
          {JOIN_TEXTS.member}
        </Alert>
        {join.passwordSet ? (
          <ActionButton component="a" href="/member">
            {JOIN_TEXTS.memberArea}
          </ActionButton>
        ) : (
          // Paid through Record Payment before pledging: no password to sign in with yet (issue 40 §11).
          <>
            <Text size="sm">{JOIN_TEXTS.noPassword}</Text>
            <ActionButton component="a" href="/login?forgot=1">
              {JOIN_TEXTS.setPassword}
            </ActionButton>
          </>
        )}
      </Stack>
    );
  }
  if (join.state === 'pledged') {
    return (
      <Stack>
        <Alert color="green" variant="light" role="status" icon={<IconCircleCheck size={20} />}>
          {emailed ?? JOIN_TEXTS.pledged}
        </Alert>
        {paid ? (
          <Text role="status">{JOIN_TEXTS.confirming}</Text>
        ) : join.paymentConfigured ? (
          <ActionButton loading={checkout.isPending} onClick={() => checkout.mutate(request)}>
            {JOIN_TEXTS.pay(formatFee(join))}
          </ActionButton>
        ) : (
          <Text size="sm">{JOIN_TEXTS.notSetUp}</Text>
        )}
        {checkout.error && (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={20} />}>
            {errorMessage(checkout.error)}
          </Alert>
        )}
      </Stack>
    );
  }
  if (!open) {
    return (
      <ActionButton size="lg" onClick={() => setOpen(true)}>
        {JOIN_TEXTS.accept}
      </ActionButton>
    );
  }
  const fieldError = fieldErrors(pledge.error).password ?? checked;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = JoinPledgeBody.safeParse({ password });
        setChecked(parsed.success ? undefined : parsed.error.issues[0]?.message);
        if (parsed.success) pledge.mutate({ ...request, body: parsed.data });
      }}
    >
      <Stack>
        <PasswordInput
          label={JOIN_TEXTS.passwordLabel}
          description={JOIN_TEXTS.passwordHint}
          autoComplete="new-password"
          value={password}
          onChange={(e) => {
            setPassword(e.currentTarget.value);
            // A refused password's message goes once the student types a new one.
            setChecked(undefined);
            if (pledge.error) pledge.reset();
          }}
          error={fieldError}
          required
          data-autofocus
          autoFocus
        />
        {pledge.error && !fieldError && (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={20} />}>
            <Stack gap="xs">
              <Text size="sm">{errorMessage(pledge.error)}</Text>
              {/* A staff account accepts signed in, then comes back here. */}
              {errorMessage(pledge.error) === JOIN_SIGN_IN_TO_ACCEPT && (
                <Anchor href={signInHref(join.invitationCode, signature)} fw={500} size="sm">
                  {JOIN_TEXTS.signIn}
                </Anchor>
              )}
            </Stack>
          </Alert>
        )}
        <ActionButton type="submit" loading={pledge.isPending}>
          {JOIN_TEXTS.confirmAccept}
        </ActionButton>
      </Stack>
    </form>
  );
}
