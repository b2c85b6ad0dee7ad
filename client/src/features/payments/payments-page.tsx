import { Anchor, Badge, Group, Stack, Text, TextInput } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  PAYMENT_REVIEW_LABELS,
  PAYMENT_REVIEW_STATES,
  type Payment,
  type PaymentMethod,
} from '@app/contract';
import { useMediaQuery } from '@mantine/hooks';
import { dayColumn, MOBILE_QUERY, Note, type Column, type FilterDef } from '../../components/list-kit';
import { AreaListPage } from '../../components/area-list-page';
import { paymentsArea } from './api';
import { money } from './money';
import { ReviewActions } from './review-actions';
import { ReceiptLink } from '../../components/receipt-link';
import { formatDay } from '../../components/format';

const filters: FilterDef[] = [
  { key: 'search', type: 'search', placeholder: 'Search name, email, code or reference' },
  {
    key: 'method',
    type: 'select',
    label: 'Method',
    options: PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] })),
  },
  {
    key: 'review',
    type: 'select',
    label: 'Review',
    options: PAYMENT_REVIEW_STATES.map((value) => ({ value, label: PAYMENT_REVIEW_LABELS[value] })),
  },
  { key: 'paidFrom', type: 'date', label: 'Paid from' },
  { key: 'paidTo', type: 'date', label: 'Paid to' },
  // An invitation's Revenue links here with its id ('See Payments'): '#12' reads as the rows' 'Invitation #12'.
  {
    key: 'invitationId',
    type: 'custom',
    label: 'Invitation',
    render: (value, onChange) => (
      <TextInput
        aria-label="Invitation"
        placeholder="Invitation #"
        leftSection={value ? <Text size="sm">#</Text> : undefined}
        inputMode="numeric"
        value={value ?? ''}
        onChange={(e) => onChange(e.currentTarget.value.replace(/^#/, '') || undefined)}
        miw={140}
        style={{ flex: '1 1 150px' }}
      />
    ),
  },
];

const methodColor: Record<PaymentMethod, string> = {
  stripe: 'indigo',
  card: 'blue',
  check: 'teal',
  cash: 'green',
  other: 'gray',
  waived: 'orange',
};

function Amount({ p }: { p: Payment }) {
  if (p.method === 'waived')
    return (
      <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        Fee waived
      </Text>
    );
  return (
    <Stack gap={0} align="flex-end">
      <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
        {money(p.amountCents, p.currency)}
      </Text>
      {p.refundedCents > 0 && (
        <Badge size="xs" color="red" variant="light" style={{ whiteSpace: 'nowrap' }}>
          Refunded {money(p.refundedCents, p.currency)}
        </Badge>
      )}
    </Stack>
  );
}

/**
 * The account, why it waits for review, and on phones the rest of the row stacked under it (issue 40): the day,
 * method and amount, where the Paid, Method and Amount columns are hidden, and a long name or email wrapping anywhere
 * rather than widening the table. Rendered so on phones only, so nothing is in the page twice.
 */
function AccountCell({ p }: { p: Payment }) {
  const isMobile = useMediaQuery(MOBILE_QUERY) ?? false;
  const wrap = isMobile ? ({ overflowWrap: 'anywhere' } as const) : undefined;
  return (
    <div>
      <Text size="sm" fw={500} style={wrap}>
        {p.account.name}
      </Text>
      <Text size="xs" c="dimmed" style={wrap}>
        {p.account.email}
      </Text>
      <Review p={p} />
      {isMobile && (
        <Group justify="space-between" align="baseline" gap="xs" mt={4} wrap="nowrap">
          <Text size="xs" c="dimmed">
            {formatDay(p.paidAt)} · {PAYMENT_METHOD_LABELS[p.method]}
          </Text>
          <Amount p={p} />
        </Group>
      )}
    </div>
  );
}

/** Why a payment waits for review (or why a second one was recorded), and who settled it. */
function Review({ p }: { p: Payment }) {
  if (!p.review) return null;
  const pending = p.review.state === 'pending';
  return (
    <Stack gap={2} mt={4} align="flex-start">
      <Badge size="xs" variant={pending ? 'filled' : 'light'} color={pending ? 'orange' : 'gray'}>
        {PAYMENT_REVIEW_LABELS[p.review.state]}
      </Badge>
      <Text size="xs" c={pending ? 'orange.8' : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
        {p.review.reason}
        {p.review.reviewedBy ? ` (${p.review.reviewedBy})` : ''}
      </Text>
    </Stack>
  );
}

const columns: Column<Payment>[] = [
  dayColumn<Payment>('paidAt', 'Paid', 'sm'),
  {
    key: 'name',
    header: 'Account',
    sortField: 'name',
    render: (p) => <AccountCell p={p} />,
  },
  {
    key: 'invitation',
    header: 'Invitation',
    visibleFrom: 'md',
    render: (p) =>
      p.invitee ? (
        <div>
          <Anchor component={Link} to={`/admin/logistics/invitations/${p.invitee.invitationId}`} size="sm">
            Invitation #{p.invitee.invitationId}
          </Anchor>
          <Text size="xs" ff="monospace">
            {p.invitee.invitationCode}
          </Text>
          <Note lineClamp={1}>{p.invitee.institutionName}</Note>
        </div>
      ) : (
        <Text size="sm" c="dimmed">
          —
        </Text>
      ),
  },
  {
    key: 'method',
    header: 'Method',
    visibleFrom: 'sm',
    render: (p) => (
      <Badge variant="light" color={methodColor[p.method]}>
        {PAYMENT_METHOD_LABELS[p.method]}
      </Badge>
    ),
  },
  {
    key: 'reference',
    header: 'Reference',
    visibleFrom: 'lg',
    render: (p) => (
      <div>
        <Text size="sm" lineClamp={1} style={{ overflowWrap: 'anywhere' }} c={p.reference ? undefined : 'dimmed'}>
          {p.reference ?? '—'}
        </Text>
        {p.recordedBy && <Note>Recorded by {p.recordedBy}</Note>}
      </div>
    ),
  },
  {
    key: 'amountCents',
    header: 'Amount',
    sortField: 'amountCents',
    align: 'right',
    visibleFrom: 'sm',
    render: (p) => <Amount p={p} />,
  },
  {
    key: 'actions',
    header: '',
    align: 'right',
    render: (p) => (p.review?.state === 'pending' ? <ReviewActions p={p} /> : <ReceiptLink payment={p} />),
  },
];

/**
 * /admin/accounts/payments (issue 23): every membership payment (Stripe, recorded by staff or an integrator)
 * and waived fee, with its account and invitation and the refunds Stripe reported; search, method, review, paid days,
 * CSV. A payment to review shows why and is applied or refunded from its row.
 */
export function PaymentsPage() {
  return (
    <AreaListPage
      title="Payments"
      area={paymentsArea}
      columns={columns}
      filters={filters}
      emptyText="No payments match these filters."
    />
  );
}
