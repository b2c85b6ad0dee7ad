import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import type { AccountMembership as Membership } from '@app/contract';
import { mockServer } from '../../mocks/node';
import { AccountMembership } from './account-membership';

const membership = (state: 'valid' | 'revoked'): Membership => ({
  receipts: [
    {
      id: 1,
      kind: 'receipt',
      number: 'R-000007',
      issuedAt: '2026-03-14T12:00:00.000Z',
      amountCents: 9500,
      currency: 'usd',
      method: 'stripe',
      refundOf: null,
      pdfUrl: '/api/admin/accounts/payments/3/receipt.pdf',
    },
  ],
  certificate: {
    id: '5b0e8f8e-3c1f-4f4a-9a51-2f9a3e1c7d10',
    number: 'MC-000042',
    verifyUrl: 'https://members.example.org/verify/5b0e8f8e-3c1f-4f4a-9a51-2f9a3e1c7d10',
    state,
    issuedAt: '2026-03-14T12:00:00.000Z',
    revokedAt: state === 'revoked' ? '2026-04-01T12:00:00.000Z' : null,
  },
  badges: [],
});

describe('AccountMembership (staff)', () => {
  it("shows the account's receipts and certificate, and revokes the certificate with a reason", async () => {
    const revoked: unknown[] = [];
    let current = membership('valid');
    mockServer.use(
      http.get('/api/admin/accounts/9/membership', () => HttpResponse.json(current)),
      http.post('/api/admin/accounts/9/certificate/revoke', async ({ request }) => {
        revoked.push(await request.json());
        current = membership('revoked');
        return HttpResponse.json(current);
      }),
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MantineProvider>
          <AccountMembership accountId={9} />
        </MantineProvider>
      </QueryClientProvider>,
    );
    expect((await screen.findByRole('link', { name: 'Download R-000007 (PDF)' })).getAttribute('href')).toBe(
      '/api/admin/accounts/payments/3/receipt.pdf',
    );
    expect(screen.getByText('Valid')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Revoke certificate' }));
    await userEvent.type(screen.getByLabelText('Reason'), 'Membership ended');
    await userEvent.click(screen.getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(revoked).toEqual([{ reason: 'Membership ended' }]));
    expect(await screen.findByText('Revoked')).toBeTruthy();
  });
});
