import { Button, Group, Text } from '@mantine/core';
import { IconCheck, IconReceiptRefund, type Icon } from '@tabler/icons-react';
import { paymentsContract, type Payment } from '@app/contract';
import { usePermissions } from '../../api/permissions';
import { openConfirmModal } from '../../lib/overlay-gate';
import { useReviewPayment } from './api';
import { money } from './money';

/** One way out of review: its button, the question it asks first (its title is the confirm button too). */
type ReviewAction = {
  key: keyof ReturnType<typeof useReviewPayment>;
  label: string;
  color: string;
  Icon: Icon;
  title: string;
  question: (amount: string, p: Payment) => string;
};

const ACTIONS: ReviewAction[] = [
  {
    key: 'apply',
    label: 'Apply',
    color: 'green',
    Icon: IconCheck,
    title: 'Apply payment',
    question: (amount, p) =>
      `Apply ${amount} from ${p.account.name} (${p.account.email})? They become a member and get the Welcome Email once.`,
  },
  {
    key: 'refund',
    label: 'Refund',
    color: 'red',
    Icon: IconReceiptRefund,
    title: 'Refund payment',
    question: (amount, p) => `Refund all ${amount} to ${p.account.name} through Stripe? They do not become a member.`,
  },
];

/**
 * A payment to review's two ways out, each asked first: Apply (the person becomes a member, Welcome Email once) or
 * Refund (all of it through Stripe; nobody becomes a member). Nothing for any other payment.
 */
export function ReviewActions({ p }: { p: Payment }) {
  const review = useReviewPayment();
  const { can } = usePermissions();
  const routes = { apply: paymentsContract.applyReview, refund: paymentsContract.refundReview };
  const allowed = ACTIONS.filter(({ key }) => can(routes[key]));
  if (p.review?.state !== 'pending' || !allowed.length) return null;
  const amount = money(p.amountCents, p.currency);
  return (
    // Where the row is tight (a phone, or a desktop beside a long email) the buttons go one under the other.
    <Group gap={4} justify="flex-end">
      {allowed.map(({ key, label, color, Icon, title, question }) => (
        <Button
          key={key}
          size="xs"
          variant="light"
          color={color}
          leftSection={<Icon size={14} />}
          aria-label={`${label} the payment of ${p.account.name}`}
          onClick={() =>
            openConfirmModal({
              title,
              children: <Text size="sm">{question(amount, p)}</Text>,
              labels: { confirm: title, cancel: 'Cancel' },
              onConfirm: () => review[key](p.id),
            })
          }
        >
          {label}
        </Button>
      ))}
    </Group>
  );
}
