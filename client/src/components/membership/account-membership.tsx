import { useState } from 'react';
import { ActionIcon, Anchor, Badge, Button, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { formatDay } from '../format';
import { money } from '../money';
import { useAccountMembership, useMembershipActions } from './api';

/**
 * An account's membership for staff (issue 38 §7): its receipts and credit notes (the member's own PDFs), its
 * certificate with Revoke (a reason asked first) and Reissue, and its Open Badges with Revoke.
 * @example <AccountMembership accountId={account.id} />
 */
export function AccountMembership({ accountId }: { accountId: number }) {
  const result = useAccountMembership(accountId);
  const actions = useMembershipActions(accountId);
  const [reason, setReason] = useState<string | null>(null);
  const m = result.data?.body;
  if (!m) return <Skeleton h={120} />;
  const params = { id: accountId };
  return (
    <Stack gap="sm">
      <Title order={4}>Receipts</Title>
      {m.receipts.length === 0 && (
        <Text c="dimmed" size="sm">
          No payments
        </Text>
      )}
      {m.receipts.map((r) => (
        <Group key={r.id} justify="space-between" wrap="nowrap">
          <Text size="sm">
            {r.number} · {formatDay(r.issuedAt)} · {r.kind === 'credit_note' ? '−' : ''}
            {money(r.amountCents, r.currency)}
          </Text>
          <ActionIcon component="a" href={r.pdfUrl} download variant="subtle" aria-label={`Download ${r.number} (PDF)`}>
            <IconDownload size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Title order={4}>Certificate</Title>
      {m.certificate ? (
        <Group gap="xs">
          <Anchor href={m.certificate.verifyUrl} target="_blank" rel="noopener" size="sm">
            {m.certificate.number}
          </Anchor>
          <Badge color={m.certificate.state === 'valid' ? 'teal' : 'red'} variant="light">
            {m.certificate.state === 'valid' ? 'Valid' : 'Revoked'}
          </Badge>
        </Group>
      ) : (
        <Text c="dimmed" size="sm">
          None issued yet
        </Text>
      )}
      {reason !== null ? (
        <Group align="flex-end" gap="xs">
          <TextInput
            label="Reason"
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            style={{ flex: 1 }}
          />
          <Button
            color="red"
            loading={actions.revoke.isPending}
            onClick={() => actions.revoke.mutate({ params, body: { reason } }, { onSuccess: () => setReason(null) })}
          >
            Revoke
          </Button>
          <Button variant="default" onClick={() => setReason(null)}>
            Cancel
          </Button>
        </Group>
      ) : (
        <Group gap="xs">
          {m.certificate?.state === 'valid' && (
            <Button size="xs" variant="light" color="red" onClick={() => setReason('')}>
              Revoke certificate
            </Button>
          )}
          <Button
            size="xs"
            variant="light"
            loading={actions.reissue.isPending}
            onClick={() => actions.reissue.mutate({ params })}
          >
            Reissue certificate
          </Button>
        </Group>
      )}
      <Title order={4}>Badges</Title>
      {m.badges.length === 0 && (
        <Text c="dimmed" size="sm">
          No badges
        </Text>
      )}
      {m.badges.map((b) => (
        <Group key={b.id} justify="space-between" wrap="nowrap">
          <Anchor href={b.url} target="_blank" rel="noopener" size="sm">
            {b.name}
          </Anchor>
          {b.revoked ? (
            <Badge color="red" variant="light">
              Revoked
            </Badge>
          ) : (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              onClick={() => actions.revokeBadge.mutate({ params: { id: accountId, badgeId: b.id } })}
            >
              Revoke
            </Button>
          )}
        </Group>
      ))}
    </Stack>
  );
}
