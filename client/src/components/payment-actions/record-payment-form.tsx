import { useState } from 'react';
import { Checkbox, NumberInput, Text, Textarea, TextInput } from '@mantine/core';
import { PAYMENT_METHOD_LABELS, RECORDED_PAYMENT_METHODS, RecordPaymentInput } from '@app/contract';
import { EntityForm, EnumSelect, useEntityForm } from '../form-kit';
import { useRecordPayment, type FeeSubject } from './api';

export type FeeTarget = { id: number; name: string; email: string };

const METHODS = RECORDED_PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }));

/**
 * Record Payment (issue 23): a fee taken outside Stripe, as amount, method and a reference (check number,
 * receipt). The form's own external id makes a double submit or a retry one payment, not two. A membership already
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
      externalId,
      another: false,
      anotherReason: '',
    },
    id: target.id,
    update: (id, { another, anotherReason, ...body }) =>
      record(Number(id), another ? { ...body, another, anotherReason } : body),
    onSaved: onDone,
  });
  const amount = form.getInputProps('amountCents');
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
