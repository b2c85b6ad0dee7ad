import { useState } from 'react';
import {
  Alert,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconMailForward } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { EmailChangeInput, MemberProfileInput, type MemberProfile } from '@app/contract';
import { errorMessage, fieldErrors } from '../../api/errors';
import { AddressFields, ShortForm, issuesToErrors, useEntityForm } from '../../components/form-kit';
import { useChangeEmail, useMemberProfile, useSaveProfile, useSendPasswordLink } from './api';
import { Section } from './section';

function ProfileForm({ profile }: { profile: MemberProfile }) {
  const save = useSaveProfile();
  const form = useEntityForm({
    schema: MemberProfileInput,
    id: 'me',
    initialValues: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      certificateName: profile.certificateName ?? '',
      phone: profile.phone ?? '',
      address: profile.address,
      directoryOptOut: profile.directoryOptOut,
    },
    update: (_id, body) => save.mutateAsync({ body }),
  });
  return (
    <Section title="Your details">
      <ShortForm onSubmit={form.submit} pending={form.saving} submitLabel="Save">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="First name" withAsterisk autoComplete="given-name" {...form.getInputProps('firstName')} />
          <TextInput label="Last name" withAsterisk autoComplete="family-name" {...form.getInputProps('lastName')} />
        </SimpleGrid>
        <TextInput
          label="Name on the certificate"
          description="As it should appear on your membership certificate; empty: your first and last name"
          {...form.getInputProps('certificateName')}
        />
        <TextInput label="Phone" type="tel" autoComplete="tel" {...form.getInputProps('phone')} />
        <AddressFields form={form} path="address" />
        <Switch
          label="Keep me out of the directory"
          description="The public page of your certificate then shows your name only to someone who enters its number"
          {...form.getInputProps('directoryOptOut', { type: 'checkbox' })}
        />
      </ShortForm>
    </Section>
  );
}

function EmailForm({ profile }: { profile: MemberProfile }) {
  const change = useChangeEmail();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sent, setSent] = useState<string | undefined>();
  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = EmailChangeInput.safeParse({ email });
    if (!parsed.success) return setError(issuesToErrors(parsed.error.issues).email);
    setError(undefined);
    try {
      const res = await change.mutateAsync({ body: parsed.data });
      setSent(res.body.message);
      setEmail('');
    } catch (e) {
      setError(fieldErrors(e).email ?? errorMessage(e));
    }
  }
  return (
    <Section title="Email">
      <Text size="sm">
        Signed in as <b>{profile.email}</b>
      </Text>
      {profile.pendingEmail && (
        <Alert color="blue" variant="light" icon={<IconMailForward size={18} />}>
          Waiting for you to open the link we sent to {profile.pendingEmail}.
        </Alert>
      )}
      {sent && (
        <Alert color="teal" variant="light">
          {sent}
        </Alert>
      )}
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Group align="flex-end" gap="sm">
          <TextInput
            label="New email address"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={error}
            style={{ flex: 1, minWidth: 200 }}
          />
          <Button type="submit" variant="light" loading={change.isPending}>
            Send confirmation link
          </Button>
        </Group>
      </form>
    </Section>
  );
}

function PasswordCard() {
  const send = useSendPasswordLink();
  return (
    <Section title="Password">
      <Text size="sm" c="dimmed">
        We email you a link to set a new password. It works once, for 7 days.
      </Text>
      {send.data ? (
        <Alert color="teal" variant="light">
          {send.data.body.message}
        </Alert>
      ) : (
        <Button variant="default" onClick={() => send.mutate({})} loading={send.isPending}>
          Email me a password link
        </Button>
      )}
    </Section>
  );
}

/** /member/profile: the member's own details, email (confirmed by a link to the new address) and password. */
export function MemberProfilePage() {
  const result = useMemberProfile();
  const profile = result.data?.body;
  return (
    <Stack gap="md">
      <Group gap="xs">
        <Button
          component={Link}
          to="/member"
          reloadDocument
          variant="subtle"
          size="compact-sm"
          leftSection={<IconArrowLeft size={14} />}
        >
          Member home
        </Button>
      </Group>
      <Title order={1} size="h2">
        Profile
      </Title>
      {!profile ? (
        <Paper withBorder radius="lg" p="lg">
          <Skeleton h={300} />
        </Paper>
      ) : (
        <>
          <ProfileForm profile={profile} />
          <EmailForm profile={profile} />
          <PasswordCard />
        </>
      )}
    </Stack>
  );
}
