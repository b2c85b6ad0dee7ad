import { useState } from 'react';
import { Checkbox, NumberInput, Text, Textarea, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { PAYMENT_METHOD_LABELS, RECORDED_PAYMENT_METHODS, RecordPaymentInput } from '@app/contract';
import { openConfirmModal } from '../../lib/overlay-gate';
import { EntityForm, EnumSelect, useEntityForm } from '../form-kit';
import { money } from '../money';
import { useRecordPayment, type FeeSubject } from './api';

export type FeeTarget = { id: number; name: string; email: string };

const METHODS = RECORDED_PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }));

/** The payments list shows and filters days in UTC: the paid day is one too. */
const utcToday = () => new Date().toISOString().slice(0, 10);

/** A day picked in the past is sent as its noon (UTC); today as nothing, so the server takes the moment it records. */
const paidAtOf = (day: string | null) => (!day || day >= utcToday() ? undefined : `${day}T12:00:00.000Z`);

/** Whether to record an amount below the fee: asked first, as it makes a full member all the same (issue 40). */
function confirmPartial(name: string, amountCents: number, feeCents: number) {
  return new Promise<boolean>((resolve) =>
    openConfirmModal({
      title: 'Record a partial payment?',
      children: (
        <Text size="sm">
          {money(amountCents, 'usd')} is less than the {money(feeCents, 'usd')} membership fee. {name} still becomes a
          member and gets the Welcome Email once.
        </Text>
      ),
      labels: { confirm: `Record ${money(amountCents, 'usd')}`, cancel: 'Change amount' },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    }),
  );
}

/** Thrown when staff chose to change a partial amount: the form stays open, nothing is sent. */
class NotConfirmed extends Error {}

/**
 * Record Payment (issue 23): a fee taken outside Stripe, as amount, the day it was paid (today unless staff pick an
 * earlier one), method and a reference (check number, receipt). An amount below the fee is asked about first. The form's own external id makes a double submit or a retry one payment, not two. A membership already
 * paid is refused ('This membership is already paid') unless 'Record another payment' is ticked with a reason
 * (issue 40): a second payment, audited, with no second Welcome Email.
 */
export function RecordPaymentForm({
  subject,
  target,
  feeCents,
  onDone,
}: {
  subject: FeeSubject;
  target: FeeTarget;
  feeCents: number;
  onDone: () => void;
}) {
  const record = useRecordPayment(subject);
  const [externalId] = useState(() => `staff-${crypto.randomUUID()}`);
  const form = useEntityForm({
    schema: RecordPaymentInput,
    initialValues: {
      amountCents: feeCents as number | null,
      method: 'check' as string | null,
      reference: '',
      paidAt: undefined as string | undefined,
      externalId,
      another: false,
      anotherReason: '',
    },
    id: target.id,
    update: async (id, { another, anotherReason, ...body }) => {
      if (body.amountCents < feeCents && !(await confirmPartial(target.name, body.amountCents, feeCents)))
        throw new NotConfirmed();
      return record(Number(id), another ? { ...body, another, anotherReason } : body);
    },
    onSaved: onDone,
  });
  const amount = form.getInputProps('amountCents');
  const paidAt = form.getInputProps('paidAt');
  return (
    <EntityForm form={form} onCancel={onDone}>
      <Text size="sm">
        For <b>{target.name}</b> ({target.email}). They become a member and get the Welcome Email once. A membership
        already paid is refused: to store a second payment, tick Record another payment and say why.
      </Text>
      <NumberInput
        label="Amount"
        withAsterisk
        data-autofocus
        prefix="$"
        decimalScale={2}
        fixedDecimalScale
        thousandSeparator=","
        min={0}
        hideControls
        value={typeof amount.value === 'number' ? amount.value / 100 : ''}
        onChange={(v) => amount.onChange(v === '' ? null : Math.round(Number(v) * 100))}
        error={amount.error}
      />
      <DateInput
        label="Paid on"
        withAsterisk
        valueFormat="MMM D, YYYY"
        leftSection={<IconCalendar size={16} stroke={1.6} />}
        leftSectionPointerEvents="none"
        popoverProps={{ withinPortal: true }}
        maxDate={utcToday()}
        value={typeof paidAt.value === 'string' && paidAt.value ? paidAt.value.slice(0, 10) : utcToday()}
        onChange={(day) => paidAt.onChange(paidAtOf(day))}
        error={paidAt.error}
      />
      <EnumSelect
        label="Method"
        withAsterisk
        values={METHODS}
        allowDeselect={false}
        {...form.getInputProps('method')}
      />
      <TextInput
        label="Reference"
        description="Check number, receipt or transaction id"
        maxLength={200}
        {...form.getInputProps('reference')}
      />
      <Checkbox
        label="Record another payment"
        description="Only for someone who already paid: kept as a second payment with your reason, no second Welcome Email"
        {...form.getInputProps('another', { type: 'checkbox' })}
      />
      {form.values.another && (
        <Textarea label="Reason" withAsterisk rows={3} maxLength={500} {...form.getInputProps('anotherReason')} />
      )}
    </EntityForm>
  );
}
