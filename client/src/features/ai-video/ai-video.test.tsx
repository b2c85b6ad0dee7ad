import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { AiVideo, AiVideoForm, AiVideoTemplate } from '@app/contract';
import { mockServer } from '../../mocks/node';
import { renderRoute, slow } from '../../test/render';
import { pageOf } from '../../test/paged';
import { isLocked, signInWith } from '../../test/permissions';

const template: AiVideoTemplate = {
  id: 5,
  name: 'Welcome video',
  externalId: 'tpl_welcome',
  summary: null,
  variables: { first_name: 'firstName', school: 'schoolName' },
  videoCount: 2,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-02T10:00:00.000Z',
};
const notConfigured = () =>
  mockServer.use(
    http.get('/api/admin/ai-video/template/form', () =>
      HttpResponse.json({
        configured: false,
        message: 'The video provider is not configured (set VIDEO_API_KEY)',
        providerTemplates: pageOf([]),
        variables: [],
        tokens: [],
      }),
    ),
  );
const member = {
  id: 77,
  firstname: 'Ada',
  lastname: 'Member',
  fullname: 'Ada Member',
  email: 'ada@example.edu',
  invitationcode: null,
  schoolname: null,
  memberat: null,
  pledgedat: null,
};
const video = (over: Partial<AiVideo>): AiVideo => ({
  id: 1,
  name: 'Ada welcome',
  account: { id: 77, name: 'Ada Member', email: 'ada@example.edu' },
  template: { id: 5, name: 'Welcome video' },
  status: 'generated',
  videoUrl: null,
  thumbnailUrl: null,
  emptyMessage: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  ...over,
});

let tokens: AiVideoForm['tokensResolvedResult'];
let generated: unknown[];
let previewUrl: string | null;

beforeEach(() => {
  generated = [];
  previewUrl = null;
  tokens = {
    resolvedTokens: [{ id: 'firstName', label: 'First name', value: 'Ada' }],
    unresolvedTokens: [{ id: 'schoolName', label: 'School name', value: null }],
  };
  mockServer.use(
    // Before ':id', which 'form' would match too.
    http.get('/api/admin/ai-video/template/form', () =>
      HttpResponse.json({
        configured: true,
        message: null,
        providerTemplates: pageOf([{ id: 'tpl_welcome', name: 'Welcome', thumbnailUrl: null }]),
        variables: [],
        tokens: [],
      }),
    ),
    http.get('/api/admin/ai-video/template/:id', () => HttpResponse.json(template)),
    http.get('/api/admin/accounts/legacy', () => HttpResponse.json(pageOf([member]))),
    http.post('/api/admin/ai-video/video/form', () => HttpResponse.json({ tokensResolvedResult: tokens })),
    http.post('/api/admin/ai-video/video', async ({ request }) => {
      generated.push(await request.json());
      return HttpResponse.json(video({ id: 9, status: 'idle' }), { status: 201 });
    }),
    http.get('/api/admin/ai-video/video/:templateId/list', () =>
      HttpResponse.json(
        pageOf([
          video({}),
          video({ id: 2, name: 'Bo welcome', status: 'generating' }),
          video({ id: 3, name: 'Cy welcome', status: 'rejected', emptyMessage: 'Script too long' }),
        ]),
      ),
    ),
    http.get('/api/admin/ai-video/video/:id/preview', () => HttpResponse.json({ videoUrl: previewUrl })),
  );
});

async function pickMember() {
  fireEvent.click(await screen.findByRole('textbox', { name: /^Account/ }, slow));
  fireEvent.click(await screen.findByRole('option', { name: 'Ada Member <ada@example.edu>', hidden: true }, slow));
}

describe('the Generate tab', () => {
  it("asks for an account with the spec's text", async () => {
    renderRoute('/admin/tech/ai-video-template/5/edit?tab=Generate');
    fireEvent.click(await screen.findByRole('button', { name: 'Generate' }, slow));
    expect(await screen.findByText('Account is required')).toBeTruthy();
    expect(generated).toEqual([]);
  });

  it('shows unresolved tokens as n/a and keeps Generate disabled', async () => {
    renderRoute('/admin/tech/ai-video-template/5/edit?tab=Generate');
    await pickMember();
    const table = await screen.findByRole('table', { name: 'Tokens' }, slow);
    const school = within(table).getByText('School name').closest('tr')!;
    expect(within(school).getByText('n/a')).toBeTruthy();
    expect(within(within(table).getByText('First name').closest('tr')!).getByText('Ada')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Generate' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('generates when every token resolves, then shows the Videos tab with a refresh', async () => {
    tokens = { resolvedTokens: [{ id: 'firstName', label: 'First name', value: 'Ada' }], unresolvedTokens: [] };
    const { router } = renderRoute('/admin/tech/ai-video-template/5/edit?tab=Generate');
    await pickMember();
    await screen.findByRole('table', { name: 'Tokens' }, slow);
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Hello Ada' } });
    const button = screen.getByRole('button', { name: 'Generate' }) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(false));
    fireEvent.click(button);
    expect(await screen.findByText('AI Video saved successfully.', {}, slow)).toBeTruthy();
    expect(generated).toEqual([{ templateId: 5, accountId: 77, name: 'Hello Ada' }]);
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({ tab: 'Videos', refresh: expect.any(Number) }),
    );
  });

  it('says plainly when no provider is configured, and does not offer Generate', async () => {
    notConfigured();
    renderRoute('/admin/tech/ai-video-template/5/edit?tab=Generate');
    expect(await screen.findByText('The video provider is not configured (set VIDEO_API_KEY)', {}, slow)).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Generate' }) as HTMLButtonElement).disabled).toBe(true),
    );
  });
});

describe('the Videos tab', () => {
  it('offers preview only when generated and delete only for the allowed statuses; a preview without URL says so', async () => {
    renderRoute('/admin/tech/ai-video-template/5/edit?tab=Videos');
    expect(await screen.findByText('Bo welcome', {}, slow)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Preview Ada welcome' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete Ada welcome' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Preview Bo welcome' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Bo welcome' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Preview Cy welcome' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete Cy welcome' })).toBeTruthy();
    expect(screen.getByText('Script too long')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Preview Ada welcome' }));
    expect(await screen.findByText('Something went wrong trying to fetch the video.', {}, slow)).toBeTruthy();
  });
});

describe('the Template tab', () => {
  it('says plainly that the provider is not configured, and checks the name and provider template', async () => {
    notConfigured();
    renderRoute('/admin/tech/ai-video-template/new');
    expect(await screen.findByText('The video provider is not configured (set VIDEO_API_KEY)', {}, slow)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(screen.getByText('ExternalId is required')).toBeTruthy();
  });
});

describe('the Template tab of a template', () => {
  it("maps each of the provider template's variables to a token and saves with PATCH", async () => {
    const token = (id: string, label: string) => ({
      id,
      label,
      description: label,
      subjects: ['account'],
      sample: 'x',
    });
    const patches: unknown[] = [];
    mockServer.use(
      http.get('/api/admin/ai-video/template/form', () =>
        HttpResponse.json({
          configured: true,
          message: null,
          providerTemplates: pageOf([]),
          variables: [
            { name: 'first_name', type: 'text' },
            { name: 'school', type: 'text' },
          ],
          tokens: [token('firstName', 'First name'), token('schoolName', 'School name')],
        }),
      ),
      http.patch('/api/admin/ai-video/template/:id', async ({ request }) => {
        patches.push(await request.json());
        return HttpResponse.json(template);
      }),
    );
    renderRoute('/admin/tech/ai-video-template/5/edit');
    const first = async () =>
      (await screen.findAllByLabelText('Token for first_name', {}, slow)).find(
        (el) => el.tagName === 'INPUT',
      ) as HTMLInputElement;
    await waitFor(async () => expect((await first()).value).toBe('First name ({{firstName}})'), slow);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(patches).toEqual([
        {
          name: 'Welcome video',
          externalId: 'tpl_welcome',
          summary: null,
          variables: { first_name: 'firstName', school: 'schoolName' },
        },
      ]),
    );
  });
});

describe('an account that may only read AI video templates', () => {
  it('is offered no Generate tab, and sees the template in disabled fields with no Save', async () => {
    signInWith(['aiVideo:read']);
    renderRoute('/admin/tech/ai-video-template/5/edit?tab=Generate');
    // The tab it may not use is not offered: the screen shows the Template tab instead.
    const name = await screen.findByRole('textbox', { name: 'Name' }, { timeout: 20_000 });
    expect(isLocked(name)).toBe(true);
    expect(screen.getByRole('tab', { name: 'Videos' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Generate' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^(Generate|Save)\b/ })).toBeNull();
  }, 60_000);
});
