import { useState } from 'react';
import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { IconAlertTriangle } from '@tabler/icons-react';
import { errorMessage } from '../../api/errors';
import { joinClient } from './api';

/** Without a signed link: the invitation code and the address it was sent to open the invitation. */
export function JoinLookup({ invitationCode, notice }: { invitationCode: string; notice?: string }) {
  const navigate = useNavigate();
  const [code, setCode] = useState(invitationCode);
  const [email, setEmail] = useState('');
  const lookup = joinClient.publicJoin.lookup.useMutation({
    meta: { silentError: true },
    onSuccess: (res) =>
      navigate({
        to: '/join/$invitationCode',
        params: { invitationCode: res.body.invitationCode },
        search: { signature: res.body.signature },
      }),
  });
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        lookup.mutate({ body: { invitationCode: code, email } });
      }}
    >
      <Stack>
        {notice && (
          <Alert color="yellow" variant="light" role="alert">
            {notice}
          </Alert>
        )}
        <Text>
          Enter the invitation code from your letter or email, and the email address the invitation was sent to.
        </Text>
        <TextInput
          label="Invitation code"
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          required
          autoComplete="off"
        />
        <TextInput
          label="Email address"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          required
          autoComplete="email"
        />
        {lookup.error && (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={20} />}>
            {errorMessage(lookup.error)}
          </Alert>
        )}
        <Button type="submit" size="md" fullWidth loading={lookup.isPending}>
          Open my invitation
        </Button>
      </Stack>
    </form>
  );
}
