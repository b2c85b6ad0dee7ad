import { beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { mockServer } from '../../mocks/node';
import { renderRoute, slow } from '../../test/render';
import { TEXTS } from './unsubscribe-page';

const base = '/api/public/invitations/:invitationId/email/:emailId/:inviteeId';
let calls: string[];
let unsubscribed: boolean;

beforeEach(() => {
  calls = [];
  unsubscribed = false;
  mockServer.use(
    http.get(`${base}/status`, ({ request }) => {
      calls.push(`GET ${new URL(request.url).pathname}${new URL(request.url).search}`);
      if (new URL(request.url).searchParams.get('signature') !== 'good')
        return HttpResponse.json({ message: 'This unsubscribe link is not valid' }, { status: 403 });
      return HttpResponse.json({ success: true, alreadyUnsubscribed: unsubscribed });
    }),
    http.post(`${base}/unsubscribe`, ({ request }) => {
      calls.push(`POST ${new URL(request.url).pathname}${new URL(request.url).search}`);
      const already = unsubscribed;
      unsubscribed = true;
      return HttpResponse.json({ success: true, alreadyUnsubscribed: already });
    }),
  );
});

describe('/unsubscribe/{invitationId}/{emailId}/{inviteeId}', () => {
  it('reads the status, unsubscribes on a click (not on load) and confirms in plain words', async () => {
    renderRoute('/unsubscribe/12/345/6789?signature=good');
    const button = await screen.findByRole('button', { name: 'Unsubscribe' }, slow);
    expect(screen.getByText(TEXTS.ask)).toBeTruthy();
    expect(calls).toEqual(['GET /api/public/invitations/12/email/345/6789/status?signature=good']);
    await userEvent.click(button);
    expect(await screen.findByText(TEXTS.done)).toBeTruthy();
    expect(calls.at(-1)).toBe('POST /api/public/invitations/12/email/345/6789/unsubscribe?signature=good');
  });

  it('says so when the invitee was already unsubscribed', async () => {
    unsubscribed = true;
    renderRoute('/unsubscribe/12/345/6789?signature=good');
    expect(await screen.findByText(TEXTS.already, {}, slow)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
  });

  it('explains a bad link (403) and a link without signature, without offering to unsubscribe', async () => {
    renderRoute('/unsubscribe/12/345/6789?signature=forged');
    expect(await screen.findByText(TEXTS.badLink, {}, slow)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
  });

  it('a link without a signature is bad without calling the server', async () => {
    renderRoute('/unsubscribe/12/345/6789');
    expect(await screen.findByText(TEXTS.badLink, {}, slow)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("a test send (emailId '0') answers success without calling the server", async () => {
    renderRoute('/unsubscribe/12/0/6789?signature=whatever');
    await userEvent.click(await screen.findByRole('button', { name: 'Unsubscribe' }, slow));
    expect(await screen.findByText(TEXTS.done)).toBeTruthy();
    expect(screen.getByText(TEXTS.testSend)).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
