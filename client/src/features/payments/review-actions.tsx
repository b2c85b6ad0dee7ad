import { Button, Group, Text } from '@mantine/core';
import { IconCheck, IconReceiptRefund } from '@tabler/icons-react';
import type { Payment } from '@app/contract';
import { openConfirmModal } from '../../lib/overlay-gate';
import { useReviewPayment } from './api';
import { money } from './money';

/**
 * A payment to review's two ways out, each asked first: Apply (the person becomes a member, Welcome Email once) or
 * Refund (all of it through Stripe; nobody becomes a member). Nothing for any other payment.
 */
export function ReviewActions({ p }: { p: Payment }) {
  const review = useReviewPayment();
  if (p.review?.state !== 'pending') return null;
  const amount = money(p.amountCents, p.currency);
  const confirm = (title: string, text: string, onConfirm: () => void) =>
    openConfirmModal({
      title,
      children: <Text size="sm">{text}</Text>,
      labels: { confirm: title, cancel: 'Cancel' },
      onConfirm,
    });
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Button
        size="xs"
        variant="light"
        color="green"
        leftSection={<IconCheck size={14} />}
        aria-label={`Apply the payment of ${p.account.name}`}
        onClick={() =>
          confirm(
            'Apply payment',
            `Apply ${amount} from ${p.account.name} (${p.account.email})? They become a member and get the Welcome Email once.`,
            () => review.apply(p.id),
          )
        }
      >
        Apply
      </Button>
      <Button
        size="xs"
        variant="light"
        color="red"
        leftSection={<IconReceiptRefund size={14} />}
        aria-label={`Refund the payment of ${p.account.name}`}
        onClick={() =>
          confirm(
            'Refund payment',
            `Refund all ${amount} to ${p.account.name} through Stripe? They do not become a member.`,
            () => review.refund(p.id),
          )
        }
      >
        Refund
      </Button>
    </Group>
  );
}
