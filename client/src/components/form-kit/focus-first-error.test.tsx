import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState, type FormEvent } from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, Input, MantineProvider, Switch, TextInput } from '@mantine/core';
import { z } from 'zod';
import { EntityForm } from './form-drawer';
import { ShortForm } from './short-form';
import { useEntityForm } from './use-entity-form';

const Schema = z.object({
  name: z.string().min(1, 'Name is required'),
  enabled: z.boolean(),
  fileId: z.number({ invalid_type_error: 'File is required' }),
});

/** A long form whose last field (like the invitation's Database) shows its error as text under a drop zone. */
function LongForm({ save }: { save: () => Promise<unknown> }) {
  const form = useEntityForm({
    schema: Schema,
    initialValues: { name: 'Lakeside', enabled: false, fileId: null as number | null },
    id: 1,
    update: save,
  });
  return (
    <EntityForm form={form} onCancel={() => {}}>
      <TextInput label="Name" {...form.getInputProps('name')} />
      <Switch label="Enabled" {...form.getInputProps('enabled', { type: 'checkbox' })} />
      <Input.Wrapper label="File" error={form.getInputProps('fileId').error}>
        <div role="button" tabIndex={0} aria-label="Drop a file here">
          drop zone
        </div>
      </Input.Wrapper>
    </EntityForm>
  );
}

const scrolled = vi.fn();
afterEach(() => {
  scrolled.mockReset();
  vi.restoreAllMocks();
});

function renderKit(ui: React.ReactNode) {
  vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(function (this: HTMLElement) {
    scrolled(this);
  });
  return render(<MantineProvider>{ui}</MantineProvider>);
}

describe('a kit form that refuses to save', () => {
  it('moves the focus to the first field in error and scrolls it into view, also when only its text shows the error', async () => {
    const save = vi.fn(async () => ({}));
    renderKit(<LongForm save={save} />);
    fireEvent.click(screen.getByRole('switch', { name: 'Enabled' }));
    const saveButton = screen.getByRole('button', { name: 'Save' });
    saveButton.focus();
    fireEvent.click(saveButton);

    expect(await screen.findByText('File is required')).toBeTruthy();
    const zone = screen.getByRole('button', { name: 'Drop a file here' });
    await waitFor(() => expect(document.activeElement).toBe(zone));
    expect(scrolled).toHaveBeenCalledWith(zone);
    expect(save).not.toHaveBeenCalled();

    // An earlier field in error comes first.
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '' } });
    saveButton.focus();
    fireEvent.click(saveButton);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Name')));
  });

  it('does the same in a short form with its own check, and leaves the focus alone when the save goes through', async () => {
    function CodeForm({ onSaved }: { onSaved: () => void }) {
      const [error, setError] = useState<string>();
      const submit = (event: FormEvent) => {
        event.preventDefault();
        const value = (event.currentTarget as HTMLFormElement).elements.namedItem('code') as HTMLInputElement;
        if (!/^\d{6}$/.test(value.value)) return setError('Enter the 6-digit code');
        setError(undefined);
        onSaved();
      };
      return (
        <ShortForm onSubmit={submit} pending={false}>
          <TextInput label="Code" name="code" error={error} />
          <Button type="button">Help</Button>
        </ShortForm>
      );
    }
    const onSaved = vi.fn();
    renderKit(<CodeForm onSaved={onSaved} />);
    const submit = screen.getByRole('button', { name: 'Save' });
    submit.focus();
    fireEvent.click(submit);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Code')));

    fireEvent.change(screen.getByLabelText('Code'), { target: { value: '123456' } });
    submit.focus();
    fireEvent.click(submit);
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(document.activeElement).toBe(submit);
  });
});
