import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { BlockedEmail } from '@app/contract';
import { mockServer } from '../../mocks/node';
import { renderRoute } from '../../test/render';
import { pageOf } from '../../test/paged';
import { mockAreaApi, type AreaApiMock } from '../../test/area-api';

const row = (over: Partial<BlockedEmail>): BlockedEmail => ({
  id: 1,
  email: 'someone@example.test',
  emailType: 'Transactional',
  reason: 'Asked by phone',
  feedbackType: 'manual',
  createdAt: '2026-01-15T15:00:00.000Z',
  updatedAt: '2026-01-15T15:00:00.000Z',
  updatedBy: 'Ada Tester',
  ...over,
});

const manual = row({});
const unsub = row({
  id: 2,
  email: 'leaver@example.edu',
  emailType: 'Invitation',
  reason: 'Unsubscribed from invitation 4',
  feedbackType: 'unsub',
  updatedBy: null,
});

// The panel is its own chunk: on a busy machine its first load takes a while.
const slow = { timeout: 10_000 };

let api: AreaApiMock;
beforeEach(() => {
  api = mockAreaApi('/api/admin/tech/emails-feedback', {
    list: () => pageOf([manual, unsub]),
    detail: (id) => (id === '2' ? unsub : manual),
    created: manual,
    updated: manual,
  });
});

async function pick(input: HTMLElement, name: string) {
  await userEvent.click(input);
  const listbox = await waitFor(
    () => document.getElementById(input.getAttribute('aria-controls') ?? '') ?? Promise.reject(new Error('closed')),
  );
  fireEvent.click(within(listbox).getByRole('option', { name, hidden: true }));
}

describe('/admin/tech/emails-feedback', () => {
  it('lists blocked emails with their type and how they were blocked, and searches through the URL', async () => {
    const { router } = renderRoute('/admin/tech/emails-feedback');
    expect(await screen.findByText('someone@example.test', {}, slow)).toBeTruthy();
    expect(screen.getByText('leaver@example.edu')).toBeTruthy();
    expect(screen.getAllByText('Unsubscribed').some((el) => el.closest('td'))).toBe(true);
    expect(screen.getByRole('heading', { name: 'Blocked Emails' })).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: 'Search' }), 'leaver{Enter}');
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'leaver' }));
    await waitFor(() => expect(api.listRequests.at(-1)?.searchParams.get('search')).toBe('leaver'));
  });

  it('checks the Add panel with the server texts before saving', async () => {
    renderRoute('/admin/tech/emails-feedback?edit=new');
    const panel = await screen.findByRole('dialog', { name: 'Add Blocked Email' }, slow);
    await userEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await within(panel).findByText('Email is required')).toBeTruthy();
    expect(within(panel).getByText('Email Type is required')).toBeTruthy();
    // The reason is optional (spec 03: email and email type required).
    expect(within(panel).queryByText('Reason is required')).toBeNull();
    fireEvent.change(within(panel).getByLabelText(/^Email$|^Email \*/), { target: { value: 'nope' } });
    await userEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await within(panel).findByText('Email is not valid')).toBeTruthy();
    expect(api.saved).toEqual([]);
  });

  it('adds a blocked email and says so', async () => {
    const { router } = renderRoute('/admin/tech/emails-feedback?edit=new');
    const panel = await screen.findByRole('dialog', { name: 'Add Blocked Email' }, slow);
    fireEvent.change(within(panel).getByRole('textbox', { name: /^Email/ }), { target: { value: 'New@Example.test' } });
    await pick(within(panel).getByRole('combobox', { name: /^Email Type/ }), 'All');
    fireEvent.change(within(panel).getByRole('textbox', { name: /^Reason/ }), {
      target: { value: 'Asked in writing' },
    });
    await userEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Email saved successfully.')).toBeTruthy();
    expect(api.saved[0]).toMatchObject({
      method: 'POST',
      body: { email: 'new@example.test', emailType: 'All', reason: 'Asked in writing' },
    });
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });

  it('an automatic block opens locked: the address read-only and only its own type or All offered', async () => {
    renderRoute('/admin/tech/emails-feedback');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit leaver@example.edu' }, slow));
    const panel = await screen.findByRole('dialog', { name: 'Edit Blocked Email' }, slow);
    expect(await within(panel).findByText('Blocked automatically: Unsubscribed')).toBeTruthy();
    const email = within(panel).getByRole('textbox', { name: /^Email/ }) as HTMLInputElement;
    expect(email.value).toBe('leaver@example.edu');
    expect(email.readOnly).toBe(true);
    const type = within(panel).getByRole('combobox', { name: /^Email Type/ });
    await userEvent.click(type);
    const listbox = await waitFor(
      () => document.getElementById(type.getAttribute('aria-controls') ?? '') ?? Promise.reject(new Error('closed')),
    );
    expect(
      within(listbox)
        .getAllByRole('option', { hidden: true })
        .map((o) => o.textContent),
    ).toEqual(['All', 'Invitation']);
  });

  it('shows the server refusal of an edit', async () => {
    mockServer.use(
      http.put('/api/admin/tech/emails-feedback/:id', () =>
        HttpResponse.json(
          { message: 'This address was blocked automatically (Unsubscribed); its type can only be widened to All' },
          { status: 400 },
        ),
      ),
    );
    renderRoute('/admin/tech/emails-feedback?edit=2');
    const panel = await screen.findByRole('dialog', { name: 'Edit Blocked Email' }, slow);
    await waitFor(() =>
      expect((within(panel).getByRole('textbox', { name: /^Email/ }) as HTMLInputElement).value).toBe(
        'leaver@example.edu',
      ),
    );
    await userEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        'This address was blocked automatically (Unsubscribed); its type can only be widened to All',
      ),
    ).toBeTruthy();
  });
});
