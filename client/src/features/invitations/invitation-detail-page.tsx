import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { HistoryPanel } from '../../components/audit/history-panel';
import { Alert, Anchor, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconPencil } from '@tabler/icons-react';
import { Link, getRouteApi } from '@tanstack/react-router';
import { invitationsContract, type Invitation } from '@app/contract';
import { Can } from '../../api/permissions';
import { LoadedEntity } from '../../components/form-kit';
import { UrlTabs } from '../../components/url-tabs';
import { AbResults } from './ab-results';
import { invitationsArea } from './api';
import { count, formatDay, percent, StatusBadge } from './format';
import { ProcessingProgress } from './invitations-page';
import type { InvitationTab } from './search';
import { BackLink } from '../../components/back-link';
import { RevenueHint } from '../../components/revenue-hint';
import { money } from '../../components/money';

const InviteesTab = lazy(() => import('./invitees-tab'));
const AnalyticsTab = lazy(() => import('./analytics-tab'));

const routeApi = getRouteApi('/admin/logistics/invitations/$invitationId');

function Stat({ label, value, hint }: { label: string; value: ReactNode; hint?: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700} mt={4}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Card>
  );
}

function InfoRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th w={200} fw={500} c="dimmed">
        {label}
      </Table.Th>
      <Table.Td>{children}</Table.Td>
    </Table.Tr>
  );
}

const yes = (on: boolean) => (on ? 'Yes' : 'No');

/** General: stat cards (with Control and Variation when a variable is set) and the info panel. */
function GeneralTab({ invitation: i, Retention }: { invitation: Invitation; Retention?: RetentionPanel }) {
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
        <Stat label="Valid" value={count(i.countValid)} hint={`${count(i.countPreClean)} rows in the file`} />
        <Stat
          label="Fresh"
          value={count(i.countFresh)}
          hint={`${percent(i.countValid ? i.countFresh / i.countValid : null)} of valid`}
        />
        <Stat label="Removed" value={count(i.countRemoved)} />
        <Stat label="Pledged" value={count(i.countPledged)} hint={`Pledge rate ${percent(i.pledgeRate)}`} />
        <Stat label="Joined" value={count(i.countJoined)} hint={`RR ${percent(i.paidRate)}`} />
        <Stat label="Revenue" value={money(i.revenue * 100, 'usd')} hint={<RevenueHint invitationId={i.id} />} />
      </SimpleGrid>
      {i.test && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {(['Control', 'Variation'] as const).map((group) => {
            const valid = i[`countValid${group}`];
            const pledged = i[`countPledged${group}`];
            const joined = i[`countJoined${group}`];
            return (
              <Card key={group} withBorder radius="md" padding="md">
                <Text fw={600} mb="xs">
                  {group}
                </Text>
                <SimpleGrid cols={3} spacing="xs">
                  <Stat label="Valid" value={count(valid)} />
                  <Stat label="Pledged" value={count(pledged)} hint={percent(valid ? pledged / valid : null)} />
                  <Stat label="Joined" value={count(joined)} hint={percent(valid ? joined / valid : null)} />
                </SimpleGrid>
              </Card>
            );
          })}
        </SimpleGrid>
      )}
      {i.test && i.abResults && <AbResults results={i.abResults} testName={i.test.name} />}
      <Card withBorder radius="md" padding="md">
        <Title order={3} size="h5" mb="sm">
          Information
        </Title>
        <Table>
          <Table.Tbody>
            <InfoRow label="Status">
              <StatusBadge invitation={i} />
            </InfoRow>
            <InfoRow label="Institution">{i.institution.name}</InfoRow>
            <InfoRow label="Chapter">
              {i.chapter.name}
              {!i.chapter.acceptingMembers && (
                <Text span size="xs" c="dimmed">
                  {' '}
                  (not accepting members)
                </Text>
              )}
            </InfoRow>
            <InfoRow label="Deadline">{formatDay(i.deadline)}</InfoRow>
            <InfoRow label="Orientation Date">{formatDay(i.orientationDate)}</InfoRow>
            <InfoRow label="Database">
              {i.database ? (
                <Anchor href={i.database.url} size="sm">
                  {i.database.fileName}
                </Anchor>
              ) : (
                '—'
              )}
            </InfoRow>
            <InfoRow label="Cleaning">
              {i.cleanJoined ? 'Existing members removed' : 'Existing members kept'}; invited{' '}
              {i.cleanInviteCount === '4' ? '4 or more' : i.cleanInviteCount} times removed
            </InfoRow>
            <InfoRow label="Deliver Emails">{yes(i.deliverEmails)}</InfoRow>
            <InfoRow label="Deliver Postal Mails">{yes(i.deliverPostalMails)}</InfoRow>
            <InfoRow label="Tickler">{yes(i.enableTickler)}</InfoRow>
            <InfoRow label="A/B Test Variable">{i.test ? `${i.test.name} (${i.test.slug})` : 'None'}</InfoRow>
          </Table.Tbody>
        </Table>
      </Card>
      {Retention && (
        // Its own boundary: the card's code loads on its own, without hiding the figures above meanwhile.
        <Suspense fallback={null}>
          <Retention invitationId={i.id} />
        </Suspense>
      )}
      <HistoryPanel entity="invitations" entityId={i.id} />
    </Stack>
  );
}

/**
 * The tabs other areas own (reminders, postal mailings), handed in by the route that composes the screen:
 * a feature never imports another.
 */
export type SendingTabs = Partial<
  Record<'Email Reminders' | 'Postal Mailings', ComponentType<{ invitation: Invitation }>>
>;

/** The privacy area's line on what retention anonymised (issue 36 §4), handed in by the route as the tabs are. */
export type RetentionPanel = ComponentType<{ invitationId: number }>;

const POLL_MS = 1500;

function InvitationDetail({
  invitation: i,
  tab,
  sending,
  retention,
}: {
  invitation: Invitation;
  tab: InvitationTab | undefined;
  sending: SendingTabs;
  retention?: RetentionPanel;
}) {
  const Reminders = sending['Email Reminders'];
  const Postal = sending['Postal Mailings'];
  const tabs: InvitationTab[] = ['General', 'Analytics', 'Invitees'];
  if (i.deliverEmails && Reminders) tabs.push('Email Reminders');
  if (i.deliverPostalMails && Postal) tabs.push('Postal Mailings');

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <BackLink to="/admin/logistics/invitations" label="Invitations" />
          <Title order={2}>
            #{i.id} - {i.institution.name}
          </Title>
          <Text c="dimmed">
            {i.chapter.name} - {formatDay(i.deadline)}
          </Text>
        </Stack>
        <Can call={invitationsContract.update}>
          <Button
            component={Link}
            to={`/admin/logistics/invitations/${i.id}/edit`}
            variant="default"
            leftSection={<IconPencil size={16} />}
          >
            Edit
          </Button>
        </Can>
      </Group>
      {i.status === 'DB Processing' && (
        <Card withBorder radius="md" padding="md">
          <Text size="sm" mb="xs">
            Processing the database…
          </Text>
          <ProcessingProgress invitation={i} />
        </Card>
      )}
      {i.status === 'Draft' && i.statusReason && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title="The database could not be processed"
        >
          {i.statusReason}
        </Alert>
      )}
      <UrlTabs
        tabs={tabs}
        current={tab}
        panels={{
          General: <GeneralTab invitation={i} Retention={retention} />,
          Analytics: <AnalyticsTab invitationId={i.id} />,
          Invitees: <InviteesTab invitation={i} />,
          'Email Reminders': Reminders && <Reminders invitation={i} />,
          'Postal Mailings': Postal && <Postal invitation={i} />,
        }}
      />
    </Stack>
  );
}

/** /admin/logistics/invitations/{invitationId}: title '#id - institution', tabs in `tab` (default General). */
export function InvitationDetailPage({
  invitationId,
  sending = {},
  retention,
}: {
  invitationId: number;
  sending?: SendingTabs;
  retention?: RetentionPanel;
}) {
  const search = routeApi.useSearch();
  const result = invitationsArea.useDetail(invitationId, {
    refetchInterval: (r) =>
      (r as { body?: Invitation } | undefined)?.body?.status === 'DB Processing' ? POLL_MS : false,
  });
  return (
    <LoadedEntity result={result}>
      {(i) => <InvitationDetail invitation={i} tab={search.tab} sending={sending} retention={retention} />}
    </LoadedEntity>
  );
}
