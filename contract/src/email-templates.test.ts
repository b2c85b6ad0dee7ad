import { describe, expect, it } from 'vitest';
import { EmailTemplateInput, emailTemplateRules, isOnDomain, tokenProblems } from './email-templates.js';
import { tokensIn, replaceTokens } from './tokens.js';

const tokens = [
  { id: 'firstName', subjects: ['invitee', 'account'] as const },
  { id: 'deadline', subjects: ['invitation'] as const },
  { id: 'memberSince', subjects: ['member'] as const },
].map((t) => ({ ...t, subjects: [...t.subjects] }));
const rules = emailTemplateRules({ emailDomain: 'society.org', tokens });

const valid = {
  name: 'Spring',
  subject: 'Hi {{firstName}}',
  body: '<p>{{ deadline }}</p>',
  preview: 'Soon',
  fromName: 'The Society',
  fromEmail: 'hello@society.org',
  replyToEmail: 'reply@news.society.org',
};
const messages = (value: unknown) => {
  const r = rules.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('email template rules', () => {
  it('defaults to mjml, Invitation and enabled', () => {
    expect(rules.parse(valid)).toMatchObject({ bodyFormat: 'mjml', templateType: 'Invitation', enabled: true });
    expect(EmailTemplateInput.parse(valid).bodyFormat).toBe('mjml');
  });

  it('reports every problem at once: required fields, the domain and the tokens', () => {
    expect(
      messages({ ...valid, name: ' ', fromEmail: 'me@gmail.com', subject: 'Hi {{nick}}', body: '{{memberSince}}' }),
    ).toEqual([
      'name: Name is required',
      'fromEmail: From Email must be from society.org',
      'subject: Unknown token {{nick}}',
      'body: Token {{memberSince}} is not available in Invitation templates',
    ]);
    expect(messages({ ...valid, templateType: 'WelcomeEmail' })).toEqual([
      'body: Token {{deadline}} is not available in WelcomeEmail templates',
    ]);
    expect(messages({})).toContain('replyToEmail: Reply To is required');
  });

  it('takes the domain and its subdomains, case-insensitively, and nothing that merely ends like it', () => {
    expect(isOnDomain('A@Society.ORG', 'society.org')).toBe(true);
    expect(isOnDomain('a@mail.society.org', 'society.org')).toBe(true);
    expect(isOnDomain('a@notsociety.org', 'society.org')).toBe(false);
    expect(tokenProblems('{{firstName}}', 'WelcomeEmail', tokens)).toEqual([]);
  });

  it('finds and replaces tokens', () => {
    expect(tokensIn('{{a}} {{ b }} {{a}}')).toEqual(['a', 'b']);
    expect(replaceTokens('Hi {{ firstName }} {{x}}', (id) => (id === 'firstName' ? 'Ada' : undefined))).toBe(
      'Hi Ada {{x}}',
    );
  });
});
