import { useState } from 'react';
import { Group, NumberInput, Select, Text } from '@mantine/core';
import { GUARD_ACTION_LABELS, GUARD_ACTIONS, GUARD_KIND_LABELS, type GuardAction, type GuardRule } from '@app/contract';
import { ShortForm } from '../../components/form-kit/short-form';
import { guardRoutes, useSaveGuardRules } from '../../api/deliverability-guards';

const actions = GUARD_ACTIONS.map((a) => ({ value: a, label: GUARD_ACTION_LABELS[a] }));

/** The rules per kind in words: 'Soft bounce x3 within 30 days: Block the address'. */
export const ruleText = (r: GuardRule) =>
  `${GUARD_KIND_LABELS[r.kind]} x${r.times}${r.withinDays ? ` within ${r.withinDays} days` : ''}: ${GUARD_ACTION_LABELS[r.action]}`;

/** Edits the three rules (hard bounce, soft bounce, complaint): how many, within how many days, and what is done. */
export function GuardRulesForm({ rules, onDone }: { rules: GuardRule[]; onDone: () => void }) {
  const [draft, setDraft] = useState(rules);
  const save = useSaveGuardRules();
  const set = (i: number, change: Partial<GuardRule>) =>
    setDraft((d) => d.map((r, j) => (j === i ? { ...r, ...change } : r)));
  return (
    <ShortForm
      call={guardRoutes.saveRules}
      pending={save.isPending}
      onCancel={onDone}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ body: { rules: draft } }, { onSuccess: onDone });
      }}
    >
      {draft.map((r, i) => (
        <div key={r.kind}>
          <Text size="sm" fw={600} mb={4}>
            {GUARD_KIND_LABELS[r.kind]}
          </Text>
          <Group gap="xs" grow align="flex-start">
            <NumberInput
              label="After"
              suffix=" times"
              min={1}
              max={1000}
              allowDecimal={false}
              value={r.times}
              onChange={(v) => set(i, { times: Number(v) || 1 })}
            />
            <NumberInput
              label="Within days"
              placeholder="Ever"
              min={1}
              max={3650}
              allowDecimal={false}
              value={r.withinDays ?? ''}
              onChange={(v) => set(i, { withinDays: v === '' ? null : Number(v) })}
            />
          </Group>
          <Select
            mt="xs"
            label="Then"
            data={actions}
            value={r.action}
            allowDeselect={false}
            onChange={(v) => v && set(i, { action: v as GuardAction })}
          />
        </div>
      ))}
    </ShortForm>
  );
}
