import { ActionIcon, Badge, Group, Skeleton, Text } from '@mantine/core';
import { IconDownload, IconReceipt } from '@tabler/icons-react';
import type { Receipt } from '@app/contract';
import { formatDay } from '../../components/format';
import { money } from '../../components/money';
import { useReceipts } from './api';
import { Section } from './section';
import classes from './member.module.css';

export const NO_RECEIPTS = 'No payments yet';

function ReceiptRow({ receipt }: { receipt: Receipt }) {
  const credit = receipt.kind === 'credit_note';
  const label = `${credit ? 'Credit note' : 'Receipt'} ${receipt.number}`;
  return (
    <Group className={classes.row} justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <IconReceipt size={20} stroke={1.5} color="var(--mantine-color-dimmed)" aria-hidden />
        <div style={{ minWidth: 0 }}>
          <Group gap={6} wrap="nowrap">
            <Text fw={600} size="sm" truncate>
              {receipt.number}
            </Text>
            {credit && (
              <Badge size="xs" color="orange" variant="light">
                Credit note
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {formatDay(receipt.issuedAt)}
          </Text>
        </div>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <Text fw={600} size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {credit ? '−' : ''}
          {money(receipt.amountCents, receipt.currency)}
        </Text>
        <ActionIcon
          component="a"
          href={receipt.pdfUrl}
          download
          variant="subtle"
          size="lg"
          aria-label={`Download ${label} (PDF)`}
        >
          <IconDownload size={18} />
        </ActionIcon>
      </Group>
    </Group>
  );
}

/** Every payment's receipt and every refund's credit note, newest first, each a PDF. */
export function ReceiptsCard() {
  const result = useReceipts();
  const receipts = result.data?.body;
  return (
    <Section title="Receipts">
      {result.isPending && <Skeleton h={56} radius="md" />}
      {result.error != null && (
        <Text c="dimmed" size="sm">
          The receipts could not be loaded.
        </Text>
      )}
      {receipts?.length === 0 && (
        <Text c="dimmed" size="sm">
          {NO_RECEIPTS}
        </Text>
      )}
      {receipts && receipts.length > 0 && (
        <div>
          {receipts.map((r) => (
            <ReceiptRow key={r.id} receipt={r} />
          ))}
        </div>
      )}
    </Section>
  );
}
