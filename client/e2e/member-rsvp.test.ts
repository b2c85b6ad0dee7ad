import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { hashPassword } from '../../server/src/services/auth/passwords.js';
import { SCREENSHOTS, startE2E, type E2E } from './harness.js';

const MEMBER = { email: 'e2e-member@example.edu', password: 'member-password-1' };

let e: E2E;
let memberId: number;
let eventId: number;
beforeAll(async () => {
  e = await startE2E();
  const member = await e.db
    .insertInto('accounts')
    .values({
      firstName: 'Max',
      lastName: 'Member',
      email: MEMBER.email,
      passwordHash: await hashPassword(MEMBER.password),
      admin: false,
      active: true,
      roles: ['ROLE_USER'],
      address: '{}',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  memberId = member.id;
  const start = new Date(Date.now() + 7 * 86_400_000);
  const event = await e.db
    .insertInto('calendarEvents')
    .values({
      name: 'Leadership Summit',
      type: 'General',
      location: 'Main Hall',
      description: 'Talks and a dinner.',
      eventStart: start,
      eventEnd: new Date(start.getTime() + 2 * 3_600_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  eventId = event.id;
});
afterAll(() => e?.close());

describe('member RSVP', () => {
  it('signs a member in to /member, RSVPs to an event and stores the RSVP', async () => {
    await e.page.goto(`${e.baseUrl}/login`);
    await e.page.locator('input[name=email]').fill(MEMBER.email);
    await e.page.locator('input[name=password]').fill(MEMBER.password);
    await e.page.getByRole('button', { name: 'Sign in' }).click();
    await e.page.waitForURL((u) => u.pathname === '/member');

    const card = e.page.getByRole('article', { name: 'Leadership Summit' });
    await card.getByRole('button', { name: 'RSVP', exact: true }).click();
    await card.getByRole('button', { name: 'Withdraw RSVP' }).waitFor();
    await e.page.getByText('RSVP saved').waitFor();
    await e.page.screenshot({ path: path.join(SCREENSHOTS, 'member-events.png') });

    const rows = await e.db.selectFrom('eventRsvps').select(['eventId', 'accountId']).execute();
    expect(rows).toEqual([{ eventId, accountId: memberId }]);
  });
});
