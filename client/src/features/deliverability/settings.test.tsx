import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { DomainCaps, WarmupSchedule } from '@app/contract';
import { mockServer } from '../../mocks/node';
import { renderRoute, slow } from '../../test/render';
import { signInWith } from '../../test/permissions';
import { requestLog } from '../../test/request-log';
import { Providers } from '../../app/providers';
import { createQueryClient } from '../../app/query-client';
import { DomainCapsCard } from './domain-caps-card';
import { WarmupScheduleCard } from './warmup-schedule-card';

/* Issue 37 §1, §2: the caps per domain and the warm-up table on the deliverability page. */

const PATH = '/api/admin/logistics/deliverability';
const CAPS: DomainCaps = {
  caps: [{ name: 'microsoft', perMinute: 300, updatedAt: '2026-11-29T10:00:00.000Z' }],
  defaultPerMinute: null,
};
const DEFAULT = [500, 1000, 2000, 4000, 8000, 16_000, 32_000, 64_000];
const SCHEDULE: WarmupSchedule = {
  limits: DEFAULT,
  isDefault: true,
  defaultLimits: DEFAULT,
  dailyQuota: 100_000,
  start: '2026-11-28',
  updatedAt: null,
};

function serve() {
  const log = requestLog();
  mockServer.use(
    http.get(`${PATH}/domain-caps`, () => HttpResponse.json(CAPS)),
    http.put(`${PATH}/domain-caps/:name`, async ({ request, params }) => {
      await log.record(request);
      return HttpResponse.json({ name: params.name, perMinute: 60, updatedAt: '2026-11-29T11:00:00.000Z' });
    }),
    http.get(`${PATH}/warmup-schedule`, () => HttpResponse.json(SCHEDULE)),
    http.put(`${PATH}/warmup-schedule`, async ({ request }) => {
      await log.record(request);
      return HttpResponse.json({ ...SCHEDULE, isDefault: false });
    }),
  );
  return log;
}

const renderCards = () =>
  render(
    <Providers queryClient={createQueryClient()} env="test">
      <DomainCapsCard />
      <WarmupScheduleCard />
    </Providers>,
  );

describe('domain caps and the warm-up schedule', () => {
  it('adds a cap for a domain and edits a warm-up day: the calls carry what was typed', async () => {
    const log = serve();
    renderCards();
    const caps = await screen.findByRole('region', { name: 'Domain caps' }, slow);
    await within(caps).findByText('Microsoft (Outlook, Microsoft 365)', {}, slow);
    expect(within(caps).getByText('300')).toBeTruthy();
    await userEvent.click(within(caps).getByRole('button', { name: 'Add cap' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add cap' }, slow);
    await userEvent.type(within(dialog).getByPlaceholderText('state.edu'), 'State.edu');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Messages a minute/ }), '60');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('Cap saved', {}, slow);
    expect(log.sent('PUT', `${PATH}/domain-caps/state.edu`).map((r) => r.body)).toEqual([{ perMinute: 60 }]);

    const warmup = await screen.findByRole('region', { name: 'Warm-up schedule' }, slow);
    await within(warmup).findByText('Day 8', {}, slow);
    expect(within(warmup).getByText('Default')).toBeTruthy();
    expect(within(warmup).getByRole('button', { name: /Reset to default/ })).toHaveProperty('disabled', true);
    await userEvent.click(within(warmup).getByRole('button', { name: /Edit schedule/ }));
    const form = await screen.findByRole('dialog', { name: 'Warm-up schedule' }, slow);
    const day2 = within(form).getByRole('textbox', { name: 'Day 2' });
    await userEvent.clear(day2);
    await userEvent.type(day2, '750');
    await userEvent.click(within(form).getByRole('button', { name: 'Remove day 8' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Add day' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await screen.findByText('Warm-up schedule saved', {}, slow);
    expect(log.sent('PUT', `${PATH}/warmup-schedule`).map((r) => r.body)).toEqual([
      { limits: [500, 750, 2000, 4000, 8000, 16_000, 32_000, 64_000] },
    ]);
  });

  it('an auditor sees the caps and the table but no edit controls', async () => {
    serve();
    signInWith(['deliverability:read']);
    // On the page: the kits check the screen's permissions inside the app's router.
    renderRoute('/admin/logistics/deliverability');
    const caps = await screen.findByRole('region', { name: 'Domain caps' }, slow);
    await within(caps).findByText('Microsoft (Outlook, Microsoft 365)', {}, slow);
    const warmup = screen.getByRole('region', { name: 'Warm-up schedule' });
    await within(warmup).findByText('64,000', {}, slow);
    expect(within(caps).queryByRole('button', { name: 'Add cap' })).toBeNull();
    expect(within(caps).queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    expect(within(caps).queryByRole('button', { name: /Edit cap of/ })).toBeNull();
    expect(within(caps).queryByRole('button', { name: /Delete cap of/ })).toBeNull();
    expect(within(warmup).queryByRole('button', { name: /Edit schedule/ })).toBeNull();
    expect(within(warmup).queryByRole('button', { name: /Reset to default/ })).toBeNull();
  });
});
