import { useState } from 'react';
import { Button, Group, SegmentedControl, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { Lookup } from './api';

type Kind = keyof Lookup;
const KINDS: { value: Kind; label: string; placeholder: string }[] = [
  { value: 'email', label: 'Email', placeholder: 'student@university.edu' },
  { value: 'phone', label: 'Phone', placeholder: '555-0100' },
  { value: 'code', label: 'Invitation code', placeholder: 'ABC-123456' },
];

/** Find a person by email, phone or invitation code; `onFind` gets the one lookup given. */
export function LookupForm({ initial, onFind }: { initial: Lookup; onFind: (lookup: Lookup) => void }) {
  const [kind, setKind] = useState<Kind>(initial.phone ? 'phone' : initial.code ? 'code' : 'email');
  const [value, setValue] = useState(initial[kind] ?? '');
  const current = KINDS.find((k) => k.value === kind)!;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (value.trim()) onFind({ [kind]: value.trim() });
      }}
    >
      <Group align="flex-end" gap="sm" wrap="wrap">
        <SegmentedControl
          aria-label="Find by"
          value={kind}
          onChange={(v) => setKind(v as Kind)}
          data={KINDS.map(({ value: v, label }) => ({ value: v, label }))}
        />
        <TextInput
          aria-label={current.label}
          placeholder={current.placeholder}
          value={value}
          onChange={(e) => setValue(e.currentTarget.value)}
          style={{ flex: 1, minWidth: 220 }}
        />
        <Button type="submit" leftSection={<IconSearch size={16} />} disabled={!value.trim()}>
          Find
        </Button>
      </Group>
    </form>
  );
}
