import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { EmailPreview, EmailTemplate, InviteeOption, TokenInfo } from '@app/contract';
import { mockServer } from '../../mocks/node';
import { renderRoute, slow } from '../../test/render';
import { pageOf } from '../../test/paged';
import { mockAreaApi, type AreaApiMock } from '../../test/area-api';
import { onPhone } from '../../test/phone';
import { PREVIEW_DEBOUNCE_MS } from './template-preview';

const template = (over: Partial<EmailTemplate> = {}): EmailTemplate => ({
  id: 1,
  name: 'Spring invitation',
  subject: 'You are invited, {{firstName}}',
  body: '<mjml><mj-body></mj-body></mjml>',
  bodyFormat: 'mjml',
  templateType: 'Invitation',
  preview: 'Join us',
  enabled: true,
  fromName: 'The Society',
  fromEmail: 'hello@society.org',
  replyToEmail: 'reply@society.org',
  version: 3,
  createdAt: '2026-01-15T15:00:00.000Z',
  updatedAt: '2026-02-01T15:00:00.000Z',
  updatedBy: 'Ada Tester',
  ...over,
});
const spring = template();
const welcome = template({
  id: 2,
  name: 'Welcome',
  templateType: 'WelcomeEmail',
  bodyFormat: 'html',
  enabled: false,
  subject: 'Welcome aboard',
  updatedBy: null,
});

const tokens: TokenInfo[] = [
  {
    id: 'firstName',
    label: 'First name',
    description: "The recipient's first name.",
    subjects: ['invitee', 'account'],
    sample: 'Jordan',
  },
  {
    id: 'deadline',
    label: 'Deadline',
    description: "The invitation's deadline.",
    subjects: ['invitation'],
    sample: 'April 30, 2026',
  },
  {
    id: 'memberSince',
    label: 'Member since',
    description: 'Membership day.',
    subjects: ['member'],
    sample: 'March 2, 2026',
  },
];
const invitee: InviteeOption = {
  id: 41,
  name: 'Jordan Rivera <jordan@example.edu>',
  email: 'jordan@example.edu',
  invitationId: 7,
};

let api: AreaApiMock;
let previews: { subject: string; body: string }[];
let testSends: { url: string; body: any }[];

beforeEach(() => {
  previews = [];
  testSends = [];
  api = mockAreaApi('/api/admin/logistics/email-templates', {
    list: () => pageOf([spring, welcome]),
    detail: (id) => (id === '2' ? welcome : spring),
    created: spring,
    updated: spring,
  });
  mockServer.use(
    http.get('/api/admin/logistics/email-templates/settings', () =>
      HttpResponse.json({
        emailDomain: 'society.org',
        sender: { fromName: 'Honor Society', fromEmail: 'invitations@society.org', replyToEmail: 'info@society.org' },
      }),
    ),
    http.get('/api/admin/tokens', () => HttpResponse.json({ syntax: '{{tokenId}}', items: tokens })),
    // The preview echoes what it was sent, with the sample name put in, and one MJML error on line 4.
    http.post('/api/admin/logistics/email-templates/preview', async ({ request }) => {
      const draft = (await request.json()) as { subject: string; body: string };
      previews.push(draft);
      const answer: EmailPreview = {
        subject: draft.subject.replace('{{firstName}}', 'Jordan'),
        html: '<p>Hello Jordan</p>',
        text: 'Hello Jordan',
        errors: [{ line: 4, message: 'Attribute foo is illegal' }],
        tokenErrors: draft.subject.includes('{{nickname}}')
          ? [{ field: 'subject', message: 'Unknown token {{nickname}}' }]
          : [],
      };
      return HttpResponse.json(answer);
    }),
    http.get('/api/admin/logistics/invitees/options', () => HttpResponse.json(pageOf([invitee]))),
    http.post('/api/admin/logistics/email-templates/:id/send-test-email', async ({ request }) => {
      testSends.push({ url: request.url, body: await request.json() });
      return HttpResponse.json({ message: 'Test email sent successfully.', sendId: 9 });
    }),
  );
});

const section = (name: string) => screen.getByRole('region', { name });
const field = (region: string, label: string) =>
  within(section(region)).getByRole('textbox', { name: new RegExp(`^${label}`) });

afterEach(() => vi.restoreAllMocks());

describe('/admin/tech/email-templates', () => {
  it('lists templates: name with subject, from, reply-to, type, format, enabled and who updated them', async () => {
    renderRoute('/admin/tech/email-templates');
    expect(await screen.findByRole('heading', { name: 'Email Templates' }, slow)).toBeTruthy();
    const row = (await screen.findByText('Spring invitation', {}, slow)).closest('tr')!;
    for (const text of [
      'You are invited, {{firstName}}',
      'The Society',
      'hello@society.org',
      'reply@society.org',
      'Invitation',
      'MJML',
      'Yes',
      'by Ada Tester',
    ]) {
      expect(within(row).getByText(text)).toBeTruthy();
    }
    const other = screen.getByText('Welcome').closest('tr')!;
    expect(within(other).getByText('No')).toBeTruthy();
    expect(within(other).getByText('HTML')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Edit Spring invitation' }).getAttribute('href')).toBe(
      '/admin/tech/email-templates/1/edit',
    );
    expect(screen.getByRole('link', { name: 'Add Email Template' }).getAttribute('href')).toBe(
      '/admin/tech/email-templates/new',
    );
  });

  it('on a phone, gives the row actions as icon buttons, so the name keeps the width (issue 35 §6)', async () => {
    onPhone();
    renderRoute('/admin/tech/email-templates');
    const row = (await screen.findByText('Spring invitation', {}, slow)).closest('tr')!;
    const edit = within(row).getByRole('link', { name: 'Edit Spring invitation' });
    expect(edit.getAttribute('href')).toBe('/admin/tech/email-templates/1/edit');
    expect(edit.textContent).toBe('');
    expect(within(row).getByRole('button', { name: 'Send Test Email: Spring invitation' }).textContent).toBe('');
    expect(within(row).queryByText('Send Test Email')).toBeNull();
  });

  it("opens from the 'Tech' breadcrumb's address", async () => {
    const { router } = renderRoute('/admin/tech');
    expect(await screen.findByRole('heading', { name: 'Email Templates' }, slow)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/tech/email-templates');
  });

  it('sends the URL filters and sort to the list call', async () => {
    renderRoute('/admin/tech/email-templates?enabled=0&type=WelcomeEmail&search=wel&sort=updated:desc');
    await screen.findByText('Spring invitation', {}, slow);
    const q = api.listRequests.at(-1)!.searchParams;
    expect([q.get('enabled'), q.get('type'), q.get('search'), q.get('sort')]).toEqual([
      '0',
      'WelcomeEmail',
      'wel',
      'updated:desc',
    ]);
  });

  it("sends a test email to the signed-in user's address with the picked invitee", async () => {
    renderRoute('/admin/tech/email-templates');
    fireEvent.click(await screen.findByRole('button', { name: 'Send Test Email: Spring invitation' }, slow));
    const dialog = await screen.findByRole('dialog', { name: 'Send Test Email' }, slow);
    const email = within(dialog).getByRole('textbox', { name: /^Email/ }) as HTMLInputElement;
    await waitFor(() => expect(email.value).toMatch(/@/));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Test Email' }));
    expect(await within(dialog).findByText('Recipient is required')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('textbox', { name: /^Invitee/ }));
    fireEvent.click(await screen.findByRole('option', { name: invitee.name, hidden: true }, slow));
    fireEvent.change(email, { target: { value: 'qa' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Test Email' }));
    expect(await within(dialog).findByText('Email is required')).toBeTruthy();
    fireEvent.change(email, { target: { value: 'qa@society.org' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Test Email' }));
    expect(await screen.findByText('Test email sent successfully.')).toBeTruthy();
    expect(testSends).toHaveLength(1);
    expect(new URL(testSends[0]!.url).pathname).toBe('/api/admin/logistics/email-templates/1/send-test-email');
    expect(testSends[0]!.body).toEqual({ toEmail: 'qa@society.org', recipientId: 41 });
  });

  it('picks a member, not an invitee, for a welcome template', async () => {
    const memberRequests: URL[] = [];
    mockServer.use(
      http.get('/api/admin/accounts/legacy', ({ request }) => {
        memberRequests.push(new URL(request.url));
        return HttpResponse.json(
          pageOf([
            {
              id: 77,
              firstname: 'Ada',
              lastname: 'Member',
              fullname: 'Ada Member',
              email: 'ada@example.edu',
              invitationcode: null,
              schoolname: null,
              memberat: null,
              pledgedat: null,
            },
          ]),
        );
      }),
    );
    renderRoute('/admin/tech/email-templates');
    fireEvent.click(await screen.findByRole('button', { name: 'Send Test Email: Welcome' }, slow));
    const dialog = await screen.findByRole('dialog', { name: 'Send Test Email' }, slow);
    expect(within(dialog).queryByRole('textbox', { name: /^Invitee/ })).toBeNull();
    fireEvent.click(within(dialog).getByRole('textbox', { name: /^Member/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Ada Member <ada@example.edu>', hidden: true }, slow));
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Email/ }), { target: { value: 'qa@society.org' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Test Email' }));
    expect(await screen.findByText('Test email sent successfully.')).toBeTruthy();
    expect(memberRequests[0]!.searchParams.get('sort')).toBe('name:asc');
    expect(testSends[0]!.body).toEqual({ toEmail: 'qa@society.org', recipientId: 77 });
    expect(new URL(testSends[0]!.url).pathname).toBe('/api/admin/logistics/email-templates/2/send-test-email');
  });
});

describe('/admin/tech/email-templates/new and edit', () => {
  it("shows every field's required message, and the domain rule for From Email and Reply To", async () => {
    renderRoute('/admin/tech/email-templates/new');
    await screen.findByRole('heading', { name: 'Add Email Template' }, slow);
    // The sender starts as the society's (spec 03 defaults), on its domain.
    expect(((await screen.findByRole('textbox', { name: /^From Name/ }, slow)) as HTMLInputElement).value).toBe(
      'Honor Society',
    );
    expect((field('Sender', 'From Email') as HTMLInputElement).value).toBe('invitations@society.org');
    expect((field('Sender', 'Reply To') as HTMLInputElement).value).toBe('info@society.org');
    for (const label of ['From Name', 'From Email', 'Reply To'])
      fireEvent.change(field('Sender', label), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    for (const message of [
      'Name is required',
      'Subject is required',
      'Preview Text is required',
      'From Name is required',
      'From Email is required',
      'Reply To is required',
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(api.saved).toEqual([]);
    fireEvent.change(field('Template', 'Name'), { target: { value: 'New one' } });
    fireEvent.change(field('Template', 'Subject'), { target: { value: 'Hi {{firstName}}' } });
    fireEvent.change(field('Template', 'Preview Text'), { target: { value: 'Due {{deadline}}' } });
    fireEvent.change(field('Sender', 'From Name'), { target: { value: 'The Society' } });
    fireEvent.change(field('Sender', 'From Email'), { target: { value: 'me@gmail.com' } });
    fireEvent.change(field('Sender', 'Reply To'), { target: { value: 'reply@society.org' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('From Email must be from society.org')).toBeTruthy();
    expect(api.saved).toEqual([]);
    fireEvent.change(field('Sender', 'From Email'), { target: { value: 'me@society.org' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Email saved successfully.', {}, slow)).toBeTruthy();
    expect(api.saved[0]).toMatchObject({
      method: 'POST',
      body: {
        name: 'New one',
        bodyFormat: 'mjml',
        templateType: 'Invitation',
        enabled: true,
        fromEmail: 'me@society.org',
      },
    });
  });

  it('previews the unsaved template and updates the preview as the subject changes; MJML errors show their line', async () => {
    renderRoute('/admin/tech/email-templates/1/edit');
    await screen.findByRole('heading', { name: 'Edit Email Template' }, slow);
    expect((await screen.findByTestId('preview-subject', {}, slow)).textContent).toBe('You are invited, Jordan');
    expect(screen.getByText('Line 4')).toBeTruthy();
    expect(screen.getByText('Attribute foo is illegal')).toBeTruthy();
    expect(screen.getByTitle('Email preview').getAttribute('sandbox')).toBe('');
    fireEvent.change(field('Template', 'Subject'), { target: { value: 'Last call, {{firstName}} {{nickname}}' } });
    await waitFor(
      () => expect(screen.getByTestId('preview-subject').textContent).toBe('Last call, Jordan {{nickname}}'),
      { timeout: PREVIEW_DEBOUNCE_MS + 3000 },
    );
    expect(screen.getByText('Unknown token {{nickname}} (Subject)')).toBeTruthy();
    expect(previews.at(-1)).toMatchObject({
      subject: 'Last call, {{firstName}} {{nickname}}',
      bodyFormat: 'mjml',
      templateType: 'Invitation',
    });
  });

  it('documents the token syntax and lists the registry, usable tokens first', async () => {
    renderRoute('/admin/tech/email-templates/2/edit');
    await screen.findByRole('heading', { name: 'Edit Email Template' }, slow);
    expect(await screen.findByRole('button', { name: 'Insert {{memberSince}}' }, slow)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Insert {{deadline}}' })).toBeNull();
    expect(screen.getByText('Not available in WelcomeEmail templates.')).toBeTruthy();
  });
});
