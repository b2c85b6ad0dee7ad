import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { notifications } from '@mantine/notifications';
import type { ImportDetail } from '@app/contract';
import { mockServer } from '../../mocks/node';
import { Providers } from '../../app/providers';
import { createQueryClient } from '../../app/query-client';
import { IGNORED_HINT, ImportRunner, LEGACY_ID_HINT, NOTHING_TO_IMPORT } from './import-runner';
import { ImportDetailButton } from './import-detail';
import { renderRoute } from '../../test/render';
import { signInWith } from '../../test/permissions';

afterEach(() => {
  notifications.clean();
  notifications.cleanQueue();
});

const columns = [
  { header: 'Legacy Id', field: 'legacyId', label: 'Legacy Id' },
  { header: 'Name', field: 'name', label: 'Name' },
];

/** A finished dry run of import 5 with these counts. */
const dryRun = (counts: Partial<ImportDetail>): ImportDetail => ({
  id: 5,
  kind: 'accounts',
  dryRun: true,
  status: 'Done',
  statusReason: null,
  file: { id: 7, fileName: 'people.csv' },
  createdBy: 'Ada Admin',
  createdAt: '2026-11-01T10:00:00Z',
  startedAt: '2026-11-01T10:00:00Z',
  finishedAt: '2026-11-01T10:00:01Z',
  countRows: 2,
  countProcessed: 2,
  countCreated: 0,
  countUpdated: 0,
  countUnchanged: 0,
  countRejected: 0,
  columns,
  firstRejected: [],
  ...counts,
});

/** Drops a csv, runs the dry run answering `run`, and answers the Import button. */
async function afterDryRun(run: ImportDetail) {
  mockServer.use(
    http.post('/api/shared/file', () =>
      HttpResponse.json(
        [{ id: 7, fileName: 'people.csv', url: '/api/files/7/people.csv', sizeInBytes: 30, contentType: 'text/csv' }],
        { status: 201 },
      ),
    ),
    http.post('/api/admin/imports/preview', () => HttpResponse.json({ columns, ignored: ['Notes'], missing: [] })),
    http.post('/api/admin/imports', () => HttpResponse.json({ id: 5 }, { status: 201 })),
    http.get('/api/admin/imports/5', () => HttpResponse.json(run)),
  );
  const { container } = render(
    <Providers queryClient={createQueryClient()}>
      <ImportRunner />
    </Providers>,
  );
  const input = container.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, {
    target: { files: [new File(['Legacy Id,Name\n1,A\n'], 'people.csv', { type: 'text/csv' })] },
  });
  // The columns preview says what a legacy id must look like, and lists the header cells it ignores.
  expect(await screen.findByText(LEGACY_ID_HINT)).toBeTruthy();
  expect(screen.getByText('Columns ignored')).toBeTruthy();
  expect(screen.getByText('Notes')).toBeTruthy();
  expect(screen.getByText(IGNORED_HINT)).toBeTruthy();
  // The import's own drop zone: no "Upload successfully." toast.
  expect(screen.queryByText('Upload successfully.')).toBeNull();
  const importButton = screen.getByRole('button', { name: 'Import' });
  expect(importButton).toHaveProperty('disabled', true);
  fireEvent.click(screen.getByRole('button', { name: 'Dry run' }));
  await screen.findByText('A real run would give:');
  return importButton;
}

describe('the import runner', () => {
  it('keeps Import disabled after a dry run that would create and update nothing, and says why', async () => {
    const button = await afterDryRun(dryRun({ countUnchanged: 1, countRejected: 1 }));
    expect(screen.getByText(NOTHING_TO_IMPORT)).toBeTruthy();
    expect(button).toHaveProperty('disabled', true);
  });

  it('enables Import after a dry run that would create rows', async () => {
    const button = await afterDryRun(dryRun({ countCreated: 2 }));
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
    expect(screen.queryByText(NOTHING_TO_IMPORT)).toBeNull();
  });
});

describe('a past import', () => {
  it('opens its detail: file, who, the counts, the first rejected rows and the rejected-rows CSV', async () => {
    const run = dryRun({
      dryRun: false,
      countCreated: 1,
      countRejected: 1,
      firstRejected: [{ rowNumber: 3, reason: 'Legacy Id must be a number', values: { 'Legacy Id': 'L-1001' } }],
    });
    mockServer.use(http.get('/api/admin/imports/5', () => HttpResponse.json(run)));
    render(
      <Providers queryClient={createQueryClient()}>
        <ImportDetailButton value={run} />
      </Providers>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Details' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('people.csv');
    expect(dialog.textContent).toContain('Ada Admin');
    expect(await screen.findByText('Legacy Id must be a number')).toBeTruthy();
    const csv = screen.getByRole('link', { name: /Download all 1 rejected rows/ });
    expect(csv.getAttribute('href')).toBe('/api/admin/imports/5/rejected');
  });
});

describe('/admin/tech/imports for an account that may only read imports', () => {
  it('lists the past imports but offers no new import (its preview, dry run and run are writes)', async () => {
    signInWith(['imports:read']);
    renderRoute('/admin/tech/imports');
    expect(await screen.findByRole('heading', { name: 'Imports' }, { timeout: 20_000 })).toBeTruthy();
    expect((await screen.findAllByText('Kind', {}, { timeout: 20_000 })).length).toBeGreaterThan(0);
    expect(screen.queryByText('New import')).toBeNull();
    expect(screen.queryByRole('button', { name: /^(Dry run|Import)$/ })).toBeNull();
  }, 60_000);
});
