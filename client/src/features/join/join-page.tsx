import type { ReactNode } from 'react';
import { getRouteApi } from '@tanstack/react-router';
import { Avatar, Box, Center, Container, Divider, Grid, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { JoinInvitation } from '@app/contract';
import { errorStatus } from '../../api/errors';
import { formatDay, formatFee, joinClient, joinQueryKey } from './api';
import { JoinAction } from './join-action';
import { JoinLetter } from './join-letter';
import { JoinLookup } from './join-lookup';

export const BAD_LINK_NOTICE =
  'This invitation link is not valid. Enter your invitation code and email address to open your invitation.';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} ta="right">
        {children}
      </Text>
    </Group>
  );
}

/** The band across the top: the institution's logo and name, the chapter. */
function Masthead({
  institution,
  chapter,
}: {
  institution?: JoinInvitation['institution'];
  chapter?: JoinInvitation['chapter'];
}) {
  const logo = institution?.logoUrl ?? chapter?.logoUrl;
  return (
    <Box
      component="header"
      py={{ base: 'lg', sm: 40 }}
      style={{ background: 'linear-gradient(135deg, var(--mantine-color-indigo-9), var(--mantine-color-indigo-6))' }}
    >
      <Container size="lg">
        <Group gap="md" wrap="nowrap">
          <Avatar
            src={logo ?? '/logo.svg'}
            alt={institution ? `${institution.name} logo` : 'Logo'}
            size={64}
            radius="md"
            bg="white"
            imageProps={{ style: { objectFit: 'contain' } }}
          />
          <Stack gap={2} miw={0}>
            <Text c="white" size="sm" fw={500} style={{ opacity: 0.9 }}>
              {institution?.name ?? 'Honor Society'}
            </Text>
            <Title order={1} c="white" fz={{ base: 24, sm: 32 }} lh={1.2}>
              {chapter ? `Your invitation to the ${chapter.name}` : 'Your invitation'}
            </Title>
          </Stack>
        </Group>
      </Container>
    </Box>
  );
}

function Landing({ join, signature, paid }: { join: JoinInvitation; signature: string; paid: boolean }) {
  return (
    <>
      <Masthead institution={join.institution} chapter={join.chapter} />
      <Container size="lg" py={{ base: 'md', sm: 'xl' }}>
        <Grid gap={{ base: 'md', md: 'xl' }}>
          <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 1, md: 2 }}>
            <Paper withBorder shadow="sm" radius="md" p="lg" style={{ position: 'sticky', top: 16 }}>
              <Stack>
                <Title order={2} fz="xl">
                  {join.firstName} {join.lastName}
                </Title>
                <Stack gap={6}>
                  <Fact label="Accept by">{formatDay(join.deadline)}</Fact>
                  <Fact label="Orientation">{formatDay(join.orientationDate)}</Fact>
                  <Fact label="Membership fee">{formatFee(join)} (one time)</Fact>
                  <Fact label="Invitation code">{join.invitationCode}</Fact>
                </Stack>
                <Divider />
                <JoinAction join={join} signature={signature} paid={paid} />
              </Stack>
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }} order={{ base: 2, md: 1 }}>
            <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
              <JoinLetter join={join} />
            </Paper>
          </Grid.Col>
        </Grid>
      </Container>
    </>
  );
}

function Shell({ children }: { children: ReactNode }) {
  return (
    <>
      <Masthead />
      <Container size="xs" py="xl">
        <Paper withBorder shadow="sm" radius="md" p="lg">
          {children}
        </Paper>
      </Container>
    </>
  );
}

/**
 * The landing page of an invitation (/join/{invitationCode}?signature=): the letter, the facts and one action.
 * Without a valid signature it asks for the invitation code and the address it was sent to instead.
 */
export function JoinPage({
  invitationCode,
  signature,
  paid = false,
}: {
  invitationCode: string;
  signature?: string;
  paid?: boolean;
}) {
  const query = joinClient.publicJoin.get.useQuery({
    queryKey: joinQueryKey(invitationCode, signature),
    queryData: { params: { invitationCode }, query: { signature } },
    enabled: Boolean(signature),
    retry: false,
    // Back from Checkout: the webhook makes the member; look again until it has.
    refetchInterval: (q) => (paid && q.state.data?.body.state === 'pledged' ? 2000 : false),
  });
  if (!signature)
    return (
      <Shell>
        <JoinLookup invitationCode={invitationCode} />
      </Shell>
    );
  if (query.error) {
    return (
      <Shell>
        <JoinLookup
          invitationCode={invitationCode}
          notice={errorStatus(query.error) === 403 ? BAD_LINK_NOTICE : undefined}
        />
      </Shell>
    );
  }
  if (!query.data) {
    return (
      <Center mih="60vh">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  return <Landing join={query.data.body} signature={signature} paid={paid} />;
}

const routeApi = getRouteApi('/join/$invitationCode');

/** The route's component: the code and signature from the address; `paid` when back from Checkout. */
export function JoinRoutePage() {
  const { invitationCode } = routeApi.useParams();
  const { signature, paid } = routeApi.useSearch();
  return (
    <Box component="main" mih="100vh" bg="var(--mantine-color-body)">
      <JoinPage invitationCode={invitationCode} signature={signature} paid={paid === 1} />
    </Box>
  );
}
