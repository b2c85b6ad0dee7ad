import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { notifications } from '@mantine/notifications';
import type { MemberRow, Payment } from '@app/contract';
import { mockServer } from '../../mocks/node';
import { renderRoute, slow } from '../../test/render';
import { pageOf } from '../../test/paged';
import { requestLog } from '../../test/request-log';
import { formatDay } from '../../components/format';
import { onPhone } from '../../test/phone';

const payment = (over: Partial<Payment>): Payment => ({
  id: 1,
  method: 'stripe',
  amountCents: 9500,
  currency: 'usd',
  reference: 'pi_123',
  externalId: null,
  stripeSessionId: 'cs_1',
  stripePaymentIntentId: 'pi_123',
  paidAt: '2026-11-20T15:00:00.000Z',
  refundedCents: 0,
  refundedAt: null,
  account: { id: 31, name: 'Eve Upton', email: 'eve@lakeside.edu' },
  invitee: { id: 5, invitationId: 12, invitationCode: 'LSC-3', institutionName: 'Lakeside College' },
  recordedBy: null,
  review: null,
  ...over,
});
const eve: MemberRow = {
  id: 31,
  firstname: 'Eve',
  lastname: 'Upton',
  fullname: 'Eve Upton',
  email: 'eve@lakeside.edu',
  invitationcode: 'LSC-3',
  schoolname: 'Lakeside College',
  memberat: null,
  pledgedat: '2024-05-01T00:00:00.000Z',
  directoryOptOut: false,
};

const { record, clear, requests } = requestLog();

beforeEach(() => {
  notifications.clean();
  clear();
  mockServer.use(
    http.get(
      '/api/admin/accounts/payments',
      async ({ request }) => (
        await record(request),
        HttpResponse.json(
          pageOf([
            payment({}),
            payment({
              id: 2,
              method: 'check',
              reference: 'Check #1042',
              refundedCents: 2000,
              recordedBy: 'Ada Admin',
              account: { id: 32, name: 'Sam Lee', email: 'sam@lakeside.edu' },
            }),
            payment({ id: 3, method: 'waived', amountCents: 0, invitee: null, reference: 'Scholarship' }),
            payment({
              id: 4,
              amountCents: 100,
              account: { id: 33, name: 'Ivy Moss', email: 'ivy@lakeside.edu' },
              review: {
                state: 'pending',
                reason: 'Not a Checkout Session this product created',
                reviewedAt: null,
                reviewedBy: null,
              },
            }),
          ]),
        )
      ),
    ),
    http.get('/api/admin/accounts/pledges', () => HttpResponse.json(pageOf([eve]))),
    http.post(
      '/api/admin/accounts/payments/:id/apply',
      // No body to read: logged by hand.
      ({ request }) => (
        requests.push({ method: request.method, url: new URL(request.url) }),
        HttpResponse.json(payment({ id: 4 }))
      ),
    ),
    http.post(
      '/api/admin/accounts/payments/:id/refund',
      ({ request }) => (
        requests.push({ method: request.method, url: new URL(request.url) }),
        HttpResponse.json(payment({ id: 4, refundedCents: 100 }))
      ),
    ),
    http.post(
      '/api/admin/accounts/legacy/:id/payment',
      async ({ request }) => (await record(request), HttpResponse.json(payment({ method: 'check' }))),
    ),
    http.post(
      '/api/admin/accounts/legacy/:id/complete-without-payment',
      async ({ request }) => (await record(request), HttpResponse.json(payment({ method: 'waived', amountCents: 0 }))),
    ),
  );
});

describe('/admin/accounts/payments', () => {
  it('lists payments with account, invitation, method, refunds and waived fees; filters go to the server', async () => {
    renderRoute('/admin/accounts/payments?method=check&paidFrom=2026-11-01&invitationId=12');
    expect(await screen.findByText('Sam Lee', {}, slow)).toBeTruthy();
    expect(screen.getByText('Refunded $20.00')).toBeTruthy();
    expect(screen.getByText('Fee waived')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Invitation #12' })[0]!.getAttribute('href')).toBe(
      '/admin/logistics/invitations/12',
    );
    expect(screen.getByText('Recorded by Ada Admin')).toBeTruthy();
    const params = requests.at(-1)!.url.searchParams;
    expect([params.get('method'), params.get('paidFrom'), params.get('invitationId')]).toEqual([
      'check',
      '2026-11-01',
      '12',
    ]);
    // The invitation filter shows (an invitation's 'See Payments' sets it).
    expect((screen.getByRole('textbox', { name: 'Invitation' }) as HTMLInputElement).value).toBe('12');
    expect(screen.getByRole('link', { name: /Export/ }).getAttribute('href')).toContain(
      '/api/admin/accounts/payments/export?',
    );
  });
});

describe('/admin/accounts/payments on a phone', () => {
  afterEach(() => vi.restoreAllMocks());

  it('stacks each row: the day, method and amount under the account, no Amount column to swipe to', async () => {
    onPhone();
    renderRoute('/admin/accounts/payments');
    const row = (await screen.findByText('Refunded $20.00', {}, slow)).closest('tr')!;
    expect(within(row).getByText('Sam Lee')).toBeTruthy();
    expect(within(row).getByText(/^Nov 20, 2026 · Check$/)).toBeTruthy();
    expect(within(row).getByText('$95.00')).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: /Amount/ })).toBeNull();
    // The waived fee too: in the account cell, the first on a phone.
    expect((screen.getByText('Fee waived').closest('td') as HTMLTableCellElement).cellIndex).toBe(0);
  });
});

describe('payments to review', () => {
  it('shows why a payment waits for review; Apply asks first, then applies it', async () => {
    renderRoute('/admin/accounts/payments?review=pending');
    expect(await screen.findByText('Not a Checkout Session this product created', {}, slow)).toBeTruthy();
    const row = screen.getByText('Ivy Moss').closest('tr')!;
    expect(within(row).getByText('To review')).toBeTruthy();
    expect(requests.at(-1)!.url.searchParams.get('review')).toBe('pending');
    // Only the payment to review has the buttons.
    expect(screen.getAllByRole('button', { name: /^Apply the payment of/ })).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Apply the payment of Ivy Moss' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apply payment' });
    expect(within(dialog).getByText(/Apply \$1\.00 from Ivy Moss/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply payment' }));
    expect(await screen.findByText('Payment applied: they are a member.')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.url.pathname)).toEqual([
      '/api/admin/accounts/payments/4/apply',
    ]);
  });

  it('Refund asks first, saying nobody becomes a member, then refunds it', async () => {
    renderRoute('/admin/accounts/payments?review=pending');
    await userEvent.click(await screen.findByRole('button', { name: 'Refund the payment of Ivy Moss' }, slow));
    const dialog = await screen.findByRole('dialog', { name: 'Refund payment' });
    expect(
      within(dialog).getByText('Refund all $1.00 to Ivy Moss through Stripe? They do not become a member.'),
    ).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund payment' }));
    expect(await screen.findByText('Payment refunded.')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.url.pathname)).toEqual([
      '/api/admin/accounts/payments/4/refund',
    ]);
  });
});

describe('pledges: the Payment menu', () => {
  it('Record Payment sends amount in cents, method, reference and one external id', async () => {
    renderRoute('/admin/accounts/pledges');
    await userEvent.click(await screen.findByRole('button', { name: 'Payment of Eve Upton' }, slow));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Record Payment' }));
    const panel = await screen.findByRole('dialog', { name: 'Record Payment' });
    await userEvent.type(within(panel).getByLabelText(/^Reference/), 'Check #77');
    await userEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Payment recorded successfully.')).toBeTruthy();
    const posted = requests.filter((r) => r.method === 'POST');
    expect(posted).toHaveLength(1);
    expect(posted[0]!.url.pathname).toBe('/api/admin/accounts/legacy/31/payment');
    expect(posted[0]!.body).toEqual({
      amountCents: 9500,
      method: 'check',
      reference: 'Check #77',
      externalId: expect.stringMatching(/^staff-/),
    });
  });

  it('Record Payment sends the day it was paid; a past day only, today by default', async () => {
    renderRoute('/admin/accounts/pledges');
    await userEvent.click(await screen.findByRole('button', { name: 'Payment of Eve Upton' }, slow));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Record Payment' }));
    const panel = await screen.findByRole('dialog', { name: 'Record Payment' });
    const paidOn = within(panel).getByRole('textbox', { name: /^Paid on/ }) as HTMLInputElement;
    expect(paidOn.value).toBe(formatDay(new Date().toISOString()));
    await userEvent.clear(paidOn);
    await userEvent.type(paidOn, 'Jan 15, 2026');
    await userEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Payment recorded successfully.')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST')[0]!.body).toMatchObject({
      amountCents: 9500,
      paidAt: '2026-01-15T12:00:00.000Z',
    });
  });

  it("a cleared Amount is 'Amount is required'; an amount below the fee is asked about before it is sent", async () => {
    renderRoute('/admin/accounts/pledges');
    await userEvent.click(await screen.findByRole('button', { name: 'Payment of Eve Upton' }, slow));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Record Payment' }));
    const panel = await screen.findByRole('dialog', { name: 'Record Payment' });
    const amount = within(panel).getByRole('textbox', { name: /^Amount/ });
    await userEvent.clear(amount);
    await userEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await within(panel).findAllByText('Amount is required')).not.toHaveLength(0);
    expect(within(panel).queryByText('Amount must be a number')).toBeNull();
    await userEvent.type(amount, '50');
    await userEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    let ask = await screen.findByRole('dialog', { name: 'Record a partial payment?' });
    expect(within(ask).getByText(/\$50\.00 is less than the \$95\.00 membership fee/)).toBeTruthy();
    await userEvent.click(within(ask).getByRole('button', { name: 'Change amount' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Record a partial payment?' })).toBeNull());
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
    await userEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    ask = await screen.findByRole('dialog', { name: 'Record a partial payment?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Record $50.00' }));
    expect(await screen.findByText('Payment recorded successfully.')).toBeTruthy();
    const posted = requests.filter((r) => r.method === 'POST');
    expect(posted.map((r) => r.body.amountCents)).toEqual([5000]);
  });

  it('a membership already paid is refused; another payment goes only ticked, with a reason', async () => {
    mockServer.use(
      http.post('/api/admin/accounts/legacy/:id/payment', async ({ request }) => {
        await record(request);
        return requests.at(-1)!.body.another
          ? HttpResponse.json(payment({ method: 'check' }))
          : HttpResponse.json({ message: 'This membership is already paid' }, { status: 409 });
      }),
    );
    renderRoute('/admin/accounts/pledges');
    await userEvent.click(await screen.findByRole('button', { name: 'Payment of Eve Upton' }, slow));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Record Payment' }));
    const panel = await screen.findByRole('dialog', { name: 'Record Payment' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This membership is already paid')).toBeTruthy();
    await userEvent.click(within(panel).getByRole('checkbox', { name: /Record another payment/ }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    // On the field (and in the form's summary of what to fix).
    expect(await within(panel).findAllByText('Reason is required for another payment')).not.toHaveLength(0);
    await userEvent.type(panel.querySelector('textarea')!, 'Paid twice by mistake');
    await userEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Payment recorded successfully.')).toBeTruthy();
    const posted = requests.filter((r) => r.method === 'POST');
    expect(posted.map((r) => r.body)).toEqual([
      expect.not.objectContaining({ another: expect.anything() }),
      expect.objectContaining({ another: true, anotherReason: 'Paid twice by mistake' }),
    ]);
  });

  it('Complete Without Payment asks first, then waives', async () => {
    renderRoute('/admin/accounts/pledges');
    await userEvent.click(await screen.findByRole('button', { name: 'Payment of Eve Upton' }, slow));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Complete Without Payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Complete Without Payment' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Complete Without Payment' }));
    expect(await screen.findByText('Membership completed without payment.')).toBeTruthy();
    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'POST').map((r) => r.url.pathname)).toEqual([
        '/api/admin/accounts/legacy/31/complete-without-payment',
      ]),
    );
  });
});
