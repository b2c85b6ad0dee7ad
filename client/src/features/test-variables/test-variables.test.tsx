import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InvitationTest } from '@app/contract';
import { renderRoute } from '../../test/render';
import { pageOf } from '../../test/paged';
import { mockAreaApi, type AreaApiMock } from '../../test/area-api';

const variable = (over: Partial<InvitationTest>): InvitationTest => ({
  id: 1,
  name: 'Subject line with first name',
  slug: 'subject-line-with-first-name',
  description: 'Variation greets the invitee by first name.',
  enabled: true,
  createdAt: '2026-01-15T15:00:00.000Z',
  updatedAt: '2026-01-15T15:00:00.000Z',
  updatedBy: 'Ada Tester',
  ...over,
});
const on = variable({});
const off = variable({ id: 2, name: 'Long letter', slug: 'long-letter', enabled: false });

// The side sheet is its own chunk: on a busy machine its first load takes a while.
const slow = { timeout: 10_000 };

let api: AreaApiMock;
beforeEach(() => {
  api = mockAreaApi('/api/admin/logistics/invitation-tests', {
    list: () => pageOf([on, off]),
    detail: (id) => (id === '2' ? off : on),
    created: on,
    updated: off,
  });
});

describe('/admin/logistics/test-variables', () => {
  it('lists the variables with their slug and enabled state, and filters through the URL', async () => {
    renderRoute('/admin/logistics/test-variables?enabled=0');
    expect(await screen.findByText('long-letter', {}, slow)).toBeTruthy();
    const row = screen.getByText('Long letter').closest('tr')!;
    expect(within(row).getByText('Disabled')).toBeTruthy();
    expect(within(row).getByText('by Ada Tester')).toBeTruthy();
    expect(api.listRequests.at(-1)!.searchParams.get('enabled')).toBe('0');
  });

  it("checks the side sheet with the spec's texts, then adds a variable, enabled by default", async () => {
    const { router } = renderRoute('/admin/logistics/test-variables?edit=new');
    const sheet = await screen.findByRole('dialog', { name: 'Add Variable' }, slow);
    await userEvent.click(within(sheet).getByRole('button', { name: 'Save' }));
    expect(await within(sheet).findByText('Name is required')).toBeTruthy();
    expect(within(sheet).getByText('Description is required')).toBeTruthy();
    expect(api.saved).toEqual([]);
    fireEvent.change(within(sheet).getByRole('textbox', { name: /^Name/ }), { target: { value: 'Early reminder' } });
    fireEvent.change(within(sheet).getByRole('textbox', { name: /^Description/ }), {
      target: { value: 'A week earlier' },
    });
    await userEvent.click(within(sheet).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Variable saved successfully.')).toBeTruthy();
    expect(api.saved[0]).toMatchObject({
      method: 'POST',
      body: { name: 'Early reminder', description: 'A week earlier', enabled: true },
    });
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });

  it('edits a variable in the side sheet, showing its slug', async () => {
    renderRoute('/admin/logistics/test-variables?edit=2');
    const sheet = await screen.findByRole('dialog', { name: 'Edit Variable' }, slow);
    expect(await within(sheet).findByText('Slug: long-letter')).toBeTruthy();
    await userEvent.click(within(sheet).getByRole('switch', { name: /Enabled/ }));
    await userEvent.click(within(sheet).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.saved[0]).toMatchObject({ method: 'PUT', body: { name: 'Long letter', enabled: true } }),
    );
  });
});
