import { Anchor, Badge, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import type { PersonFound } from '@app/contract';
import { count } from '../../components/format';

/** A link the server gave (a path with its search): followed inside the app, still a real link to open elsewhere. */
function AppLink({ href, children }: { href: string; children: React.ReactNode }) {
  const navigate = useNavigate();
  return (
    <Anchor
      href={href}
      size="sm"
      onClick={(e) => {
        if (e.metaKey || e.ctrlKey || e.shiftKey) return;
        e.preventDefault();
        void navigate({ href });
      }}
    >
      {children}
    </Anchor>
  );
}

/** Who was found: names, addresses, the FERPA opt-out and erased badges, and what each area holds. */
export function PersonGroups({ person }: { person: PersonFound }) {
  const total = person.groups.reduce((n, g) => n + g.count, 0);
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div style={{ minWidth: 0 }}>
            <Title order={3} size="h4">
              {person.names.join(' · ') || (person.erased ? 'Erased person' : 'Nobody found')}
            </Title>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {person.emails.join(', ') || '—'}
            </Text>
          </div>
          <Group gap="xs">
            {person.directoryOptOut && (
              <Badge color="grape" variant="light" title="FERPA: never named to third parties, no postal mail">
                Directory opt-out
              </Badge>
            )}
            {person.erased && (
              <Badge
                color="gray"
                variant="light"
                title="On the suppression list: no list, import or send brings them back"
              >
                Erased
              </Badge>
            )}
            <Badge variant="outline">{count(total)} records</Badge>
          </Group>
        </Group>
        <Table verticalSpacing={6} fz="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Area</Table.Th>
              <Table.Th ta="right">Rows</Table.Th>
              <Table.Th>Where</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {person.groups.map((g) => (
              <Table.Tr key={g.area}>
                <Table.Td>{g.label}</Table.Td>
                <Table.Td ta="right">
                  <Text size="sm" fw={g.count ? 600 : 400} c={g.count ? undefined : 'dimmed'}>
                    {count(g.count)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {g.count > 0 && g.area === 'invitees' && person.invitations.length > 0 ? (
                    <Group gap="xs">
                      {person.invitations.map((i) => (
                        <AppLink key={i.id} href={`/admin/logistics/invitations/${i.id}`}>
                          {i.label}
                        </AppLink>
                      ))}
                    </Group>
                  ) : g.count > 0 && g.link ? (
                    <AppLink href={g.link}>Open</AppLink>
                  ) : (
                    <Text size="sm" c="dimmed">
                      —
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Card>
  );
}
