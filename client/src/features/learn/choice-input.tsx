import { ActionIcon, Checkbox, Group, Paper, Radio, Select, Stack, Text, Textarea } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';

export type Choice = { id: number; label: string };

type Props = {
  type: string;
  choices: Choice[];
  max: number | null;
  value: number[];
  onChange: (ids: number[]) => void;
};

/** Picks answers or options by question type: one (radio), several up to `max` (checkboxes), or all in order (sort). */
export function ChoiceInput({ type, choices, max, value, onChange }: Props) {
  if (type === 'single select') {
    return (
      <Radio.Group value={value[0] === undefined ? null : String(value[0])} onChange={(v) => onChange([Number(v)])}>
        <Stack gap="xs">
          {choices.map((c) => (
            <Radio key={c.id} value={String(c.id)} label={c.label} />
          ))}
        </Stack>
      </Radio.Group>
    );
  }
  if (type === 'multi select') {
    return (
      <Checkbox.Group
        value={value.map(String)}
        onChange={(v) => onChange(v.map(Number))}
        description={max ? `Choose up to ${max}` : undefined}
      >
        <Stack gap="xs" mt={4}>
          {choices.map((c) => (
            <Checkbox
              key={c.id}
              value={String(c.id)}
              label={c.label}
              disabled={max !== null && value.length >= max && !value.includes(c.id)}
            />
          ))}
        </Stack>
      </Checkbox.Group>
    );
  }
  if (type === 'sort') {
    const order = value.length === choices.length ? value : choices.map((c) => c.id);
    const label = new Map(choices.map((c) => [c.id, c.label]));
    const move = (i: number, by: number) => {
      const next = [...order];
      [next[i], next[i + by]] = [next[i + by]!, next[i]!];
      onChange(next);
    };
    return (
      <Stack gap={4}>
        {order.map((id, i) => (
          <Paper key={id} withBorder p="xs">
            <Group justify="space-between">
              <Text size="sm">
                {i + 1}. {label.get(id)}
              </Text>
              <Group gap={4}>
                <ActionIcon
                  variant="subtle"
                  aria-label={`Move ${label.get(id)} up`}
                  disabled={i === 0}
                  onClick={() => move(i, -1)}
                >
                  <IconArrowUp size={14} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  aria-label={`Move ${label.get(id)} down`}
                  disabled={i === order.length - 1}
                  onClick={() => move(i, 1)}
                >
                  <IconArrowDown size={14} />
                </ActionIcon>
              </Group>
            </Group>
          </Paper>
        ))}
      </Stack>
    );
  }
  return null;
}

/** A matcher: one answer chosen per statement. */
export function MatcherInput({
  statements,
  answers,
  value,
  onChange,
}: {
  statements: Choice[];
  answers: Choice[];
  value: Record<number, number>;
  onChange: (v: Record<number, number>) => void;
}) {
  const data = answers.map((a) => ({ value: String(a.id), label: a.label }));
  return (
    <Stack gap="xs">
      {statements.map((s) => (
        <Select
          key={s.id}
          label={s.label}
          data={data}
          value={value[s.id] ? String(value[s.id]) : null}
          onChange={(v) => onChange({ ...value, [s.id]: Number(v) })}
        />
      ))}
    </Stack>
  );
}

export function OpenText({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  return (
    <Textarea
      label="Your answer"
      autosize
      minRows={3}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}
