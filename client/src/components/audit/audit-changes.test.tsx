import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import type { AuditEntry } from '@app/contract';
import { AuditChanges } from './audit-changes';
import { AuditRecord } from './audit-record';

/** Each changed field's line (a paragraph holding its label and its old and new values). */
const lines = (root: HTMLElement) => [...root.querySelectorAll('p')].map((el) => el.textContent);

describe('an audit row as the screens say it', () => {
  it('labels each field as its form does and shows money, dates, yes/no and the names the server resolved', () => {
    const entry: Pick<AuditEntry, 'changes' | 'detail' | 'names'> = {
      changes: {
        invitationTestimonialName: { old: null, new: 'Dana Reyes' },
        amountCents: { old: 9500, new: 12000 },
        currency: { old: 'usd', new: 'usd' },
        memberAt: { old: null, new: '2026-11-29T05:37:45.084149+00:00' },
        deadline: { old: '2026-12-01', new: '2026-12-15' },
        acceptingMembers: { old: false, new: true },
        updatedBy: { old: null, new: 1 },
        databaseId: { old: null, new: 4 },
        someNewColumn: { old: 'a', new: 'b' },
      },
      detail: null,
      names: { 'accounts:1': 'Admin User' },
    };
    const { container } = render(
      <MantineProvider>
        <AuditChanges entry={entry} />
      </MantineProvider>,
    );
    expect(lines(container)).toEqual([
      'Testimonial Name: empty → Dana Reyes',
      'Amount: $95.00 → $120.00',
      'Currency: usd → usd',
      'Member Since: empty → Nov 29, 2026, 05:37 UTC',
      'Deadline: Dec 1, 2026 → Dec 15, 2026',
      'Accepting Members: No → Yes',
      'Saved By: empty → Admin User',
      'Database: empty → #4',
      'Some new column: a → b',
    ]);
  });

  it("names the record by its screen's name, whole words, and by its own name when the server found one", () => {
    render(
      <MantineProvider>
        <AuditRecord entry={{ entity: 'import_rejected', entityId: '1', names: {} }} />
        <AuditRecord entry={{ entity: 'api_keys', entityId: '3', names: { 'api_keys:3': 'Ops sync' } }} />
        <AuditRecord entry={{ entity: 'weekly_digests', entityId: null }} />
      </MantineProvider>,
    );
    expect(screen.getByText('Rejected Import Rows #1')).toBeTruthy();
    expect(screen.getByText('API Key: Ops sync')).toBeTruthy();
    expect(screen.getByText('Weekly digests')).toBeTruthy();
  });
});
