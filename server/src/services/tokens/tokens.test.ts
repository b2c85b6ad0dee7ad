import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.js';
import {
  TOKENS,
  resolveTokens,
  resolveTokensMany,
  sampleTokenValues,
  templateTokenErrors,
  tokensIn,
  unknownTokens,
} from './index.js';
import { seedTokenSubjects } from '../../test/token-fixtures.js';
import { joinSignature } from '../join/join-link.js';

let t: TestApp;
let ids: Awaited<ReturnType<typeof seedTokenSubjects>>;

beforeAll(async () => {
  t = await createTestApp();
  ids = await seedTokenSubjects(t.db);
});
afterAll(() => t.close());

describe('token registry', () => {
  it('has camelCase ids, each once, with a label, description, subjects and a sample', () => {
    const seen = new Set<string>();
    for (const token of TOKENS) {
      expect(token.id).toMatch(/^[a-z][A-Za-z0-9]*$/);
      expect(seen.has(token.id)).toBe(false);
      seen.add(token.id);
      expect(token.label && token.description && token.sample).toBeTruthy();
      expect(token.subjects.length).toBeGreaterThan(0);
    }
    for (const id of [
      'firstName',
      'lastName',
      'fullName',
      'email',
      'invitationCode',
      'schoolName',
      'chapterName',
      'institutionName',
      'deadline',
      'orientationDate',
      'unsubscribeUrl',
      'joinUrl',
    ]) {
      expect(seen.has(id), id).toBe(true);
    }
    expect(Object.keys(sampleTokenValues())).toEqual(TOKENS.map((t) => t.id));
  });

  it('finds tokens in text, once each, and reports the unknown ones', () => {
    expect(tokensIn('Hi {{firstName}} {{ lastName }}, {{firstName}} {{first name}} {{}}')).toEqual([
      'firstName',
      'lastName',
      'first name',
      '',
    ]);
    expect(unknownTokens('{{firstName}} {{nickname}} {{deadline}}')).toEqual(['nickname']);
  });

  it('reports unknown tokens and tokens the template type has no subject for, by field', () => {
    expect(
      templateTokenErrors({
        subject: 'Hi {{nickname}}',
        preview: 'Due {{deadline}}',
        body: '{{firstName}} {{memberSince}}',
        templateType: 'Invitation',
      }),
    ).toEqual([
      { field: 'subject', message: 'Unknown token {{nickname}}' },
      { field: 'body', message: 'Token {{memberSince}} is not available in Invitation templates' },
    ]);
    expect(
      templateTokenErrors({
        subject: '{{joinUrl}}',
        preview: '',
        body: '{{joinUrl}}',
        templateType: 'InvitationTickler',
      }),
    ).toEqual([]);
    expect(
      templateTokenErrors({ subject: '', preview: '', body: '{{joinUrl}}', templateType: 'WelcomeEmail' }),
    ).toEqual([{ field: 'body', message: 'Token {{joinUrl}} is not available in WelcomeEmail templates' }]);
    expect(
      templateTokenErrors({
        subject: '{{deadline}}',
        preview: '',
        body: '{{memberSince}} {{schoolName}}',
        templateType: 'WelcomeEmail',
      }),
    ).toEqual([{ field: 'subject', message: 'Token {{deadline}} is not available in WelcomeEmail templates' }]);
  });
});

describe('resolveTokens', () => {
  it("resolves an invitee's person, invitation, chapter and institution tokens; the sender's unsubscribeUrl stays unresolved", async () => {
    const r = await resolveTokens(t.db, { inviteeId: ids.inviteeId });
    expect(r.values).toMatchObject({
      firstName: 'Jordan',
      lastName: 'Rivera',
      fullName: 'Jordan Rivera',
      email: 'jordan@example.edu',
      invitationCode: 'NWU-AB12C',
      schoolName: 'Northwood University',
      institutionName: 'Northwood University',
      institutionAbbreviation: 'NWU',
      chapterName: 'Northwood Chapter',
      advisorName: 'Dr. Maya Chen',
      deadline: 'April 30, 2026',
      orientationDate: 'May 12, 2026',
    });
    expect(r.unresolved).toEqual(
      expect.arrayContaining(['unsubscribeUrl', 'salutation', 'memberSince', 'presidentName']),
    );
    expect(r.unresolved).not.toContain('deadline');
    // The join link is the invitee's own, signed over its code.
    const signature = await joinSignature(t.db, 'NWU-AB12C');
    expect(r.values.joinUrl).toMatch(new RegExp(`/join/NWU-AB12C\\?signature=${signature}$`));
    expect([...r.resolved, ...r.unresolved].sort()).toEqual(TOKENS.map((t) => t.id).sort());
  });

  it("resolves a member's account and its own chapter and institution; invitation tokens are unresolved", async () => {
    const r = await resolveTokens(t.db, { accountId: ids.memberId });
    expect(r.values).toMatchObject({
      firstName: 'Ada',
      fullName: 'Ada Member',
      invitationCode: 'NWU-ZZ99Q',
      memberSince: 'March 2, 2026',
      chapterName: 'Northwood Chapter',
      schoolName: 'Northwood University',
    });
    expect(r.unresolved).toEqual(
      expect.arrayContaining(['deadline', 'orientationDate', 'unsubscribeUrl', 'salutation', 'pledgedOn', 'joinUrl']),
    );
  });

  it('takes extra values (they win and count as resolved) and reports everything unresolved for a missing row', async () => {
    const r = await resolveTokens(
      t.db,
      { inviteeId: ids.inviteeId },
      { unsubscribeUrl: 'https://x.test/u', firstName: 'Jo', emailId: '0' },
    );
    expect(r.values).toMatchObject({ unsubscribeUrl: 'https://x.test/u', firstName: 'Jo', emailId: '0' });
    expect(r.unresolved).not.toContain('unsubscribeUrl');
    const none = await resolveTokens(t.db, { inviteeId: 987654 });
    expect(none.resolved).toEqual([]);
    expect(none.unresolved).toHaveLength(TOKENS.length);
  });

  it('resolves many recipients in the order asked', async () => {
    const [a, b, c] = await resolveTokensMany(t.db, [
      { accountId: ids.memberId },
      { inviteeId: ids.inviteeId },
      { invitationId: ids.invitationId },
    ]);
    expect(a!.values.firstName).toBe('Ada');
    expect(b!.values.firstName).toBe('Jordan');
    expect(c!.values).toMatchObject({ deadline: 'April 30, 2026', chapterName: 'Northwood Chapter' });
    expect(c!.unresolved).toContain('firstName');
  });
});
