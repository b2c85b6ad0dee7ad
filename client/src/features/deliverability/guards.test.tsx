import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { GuardsOverview } from '@app/contract';
import { mockServer } from '../../mocks/node';
import { renderRoute, slow } from '../../test/render';
import { signInWith } from '../../test/permissions';
import { requestLog } from '../../test/request-log';
import { Providers } from '../../app/providers';
import { createQueryClient } from '../../app/query-client';
import { GuardsCard } from './guards-card';

const window = (sent: number, bounced: number, complained: number) => ({ sent, bounced, complained });
const GUARDS: GuardsOverview = {
  thresholds: { bounceRate: 0.05, complaintRate: 0.001, minSends: 500 },
  account: { invitationId: null, name: 'Every invitation', day: window(1000, 20, 0), week: window(4000, 60, 2) },
  campaigns: [
    { invitationId: 7, name: 'Alpha Chapter · Jan 31, 2030', day: window(600, 31, 0), week: window(600, 31, 0) },
  ],
  pauses: [
    {
      id: 3,
      invitationId: 7,
      name: 'Alpha Chapter · Jan 31, 2030',
      kind: 'bounce',
      reason: 'Bounce rate 5.2% (31 of 600 sends) over the last 24 hours reached the 5% limit',
      pausedAt: '2026-11-29T10:00:00.000Z',
    },
  ],
  rules: [
    { kind: 'bounced_hard', times: 1, withinDays: null, action: 'block' },
    { kind: 'bounced_soft', times: 3, withinDays: 30, action: 'block' },
    { kind: 'spam', times: 1, withinDays: null, action: 'block_unsubscribe' },
  ],
};

function serveGuards(log = requestLog()) {
  mockServer.use(
    http.get('/api/admin/logistics/deliverability/guards', () => HttpResponse.json(GUARDS)),
    http.post('/api/admin/logistics/deliverability/guards/pauses/:id/resume', async ({ request }) => {
      log.requests.push({ method: 'POST', url: new URL(request.url) });
      return HttpResponse.json({ resumed: true });
    }),
  );
  return log;
}

describe('bounce and complaint guards', () => {
  it('the logistics dashboard says why reminders are paused, and Resume calls the audited resume', async () => {
    const log = serveGuards();
    renderRoute('/admin/logistics');
    await screen.findByRole('heading', { name: 'Logistics' }, slow);
    const reason = await screen.findByText(
      /Bounce rate 5\.2% \(31 of 600 sends\) over the last 24 hours reached the 5% limit/,
      {},
      slow,
    );
    expect(screen.getByText('Reminders paused by a bounce or complaint guard')).toBeTruthy();
    await userEvent.click(
      within(reason.closest('[class*="Group-root"]') as HTMLElement).getByRole('button', { name: 'Resume' }),
    );
    await screen.findByText(/Reminders resumed/, {}, slow);
    expect(log.sent('POST', '/api/admin/logistics/deliverability/guards/pauses/3/resume')).toHaveLength(1);
  });

  it('the card shows the rates against their limits and the rules; no Resume or Edit rules without their permissions', async () => {
    serveGuards();
    signInWith(['deliverability:read']);
    render(
      <Providers queryClient={createQueryClient()} env="test">
        <GuardsCard />
      </Providers>,
    );
    const card = await screen.findByRole('region', { name: 'Bounce and complaint guards' }, slow);
    await within(card).findByText('Bounce rate, 24 h', {}, slow);
    expect(within(card).getByLabelText('Bounce rate, 7 days: 1.5% of a 5% limit')).toBeTruthy();
    expect(within(card).getByText('60 of 4,000 sends · limit 5%')).toBeTruthy();
    expect(within(card).getByText('Soft bounce x3 within 30 days: Block the address')).toBeTruthy();
    expect(within(card).getByText('Complaint x1: Block and unsubscribe')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Resume' })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Edit rules' })).toBeNull();
  });
});
