import { ActionIcon, Tooltip } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';

/**
 * A payment's receipt PDF for staff (issue 38 §2): the same document the member downloads from /member, from
 * GET /api/admin/accounts/payments/{id}/receipt.pdf (payments:read). Every payment has one, a waiver a zero one.
 */
export function ReceiptLink({ payment }: { payment: { id: number; account: { name: string } } }) {
  const label = `Download the receipt of ${payment.account.name} (PDF)`;
  return (
    <Tooltip label="Receipt (PDF)">
      <ActionIcon
        component="a"
        href={`/api/admin/accounts/payments/${payment.id}/receipt.pdf`}
        download
        variant="subtle"
        size="md"
        aria-label={label}
      >
        <IconReceipt size={16} />
      </ActionIcon>
    </Tooltip>
  );
}
