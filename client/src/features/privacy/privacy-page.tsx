import { Alert, Card, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { errorMessage } from '../../api/errors';
import { usePerson, type Lookup } from './api';
import { LookupForm } from './lookup-form';
import { PersonGroups } from './person-groups';
import { ExportCard } from './export-card';
import { EraseCard } from './erase-card';
import { ConfirmCard } from './confirm-card';

const route = getRouteApi('/admin/tech/privacy');

/**
 * /admin/tech/privacy (issue 36): find everything held about one person, export it for them (right of access)
 * or erase them (right to erasure). The lookup is in the URL, so a search can be linked to.
 */
export function PrivacyPage() {
  const lookup: Lookup = route.useSearch();
  const navigate = useNavigate();
  const person = usePerson(lookup);
  const found = person.data?.status === 200 ? person.data.body : undefined;
  const email = lookup.email ?? found?.emails[0];
  return (
    <Stack gap="lg" maw={960}>
      <div>
        <Title order={2}>Personal Data</Title>
        <Text size="sm" c="dimmed">
          Everything held about one person (accounts, invitees, emails, postal mailings, payments, learning, AI chats,
          calendar, blocked emails and audit rows), exported for them or erased at their request.
        </Text>
      </div>
      <Card withBorder radius="md" padding="lg">
        <LookupForm
          key={JSON.stringify(lookup)}
          initial={lookup}
          onFind={(next) => void navigate({ to: '/admin/tech/privacy', search: next })}
        />
      </Card>
      {person.isFetching && !found && <Loader size="sm" />}
      {person.error && (
        <Alert color="red" variant="light">
          {errorMessage(person.error)}
        </Alert>
      )}
      {found && <PersonGroups person={found} />}
      {found && email && !found.erased && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <ExportCard email={email} />
          <EraseCard email={email} />
        </SimpleGrid>
      )}
      <ConfirmCard />
    </Stack>
  );
}
