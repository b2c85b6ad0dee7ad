import { lazy } from 'react';
import { Badge, Button, Code, Text } from '@mantine/core';
import { API_KEY_STATES, apiKeysContract, type ApiKey } from '@app/contract';
import { actionsColumn, dayColumn, Note, openColumn, type Column, type FilterDef } from '../../components/list-kit';
import { PanelListPage } from '../../components/area-list-page';
import { formatDateTime, formatDay } from '../../components/format';
import { Can } from '../../api/permissions';
import { apiKeysArea, useRevokeKey } from './api';
import { confirmRevoke } from './revoke-key';

const ApiKeyPanel = lazy(() => import('./api-key-panel'));

const filters: FilterDef[] = [
  { key: 'search', type: 'search', placeholder: 'Search name or prefix' },
  {
    key: 'state',
    type: 'select',
    label: 'State',
    options: API_KEY_STATES.map((value) => ({ value, label: value === 'active' ? 'Active' : 'Revoked' })),
  },
];

function columns(openEdit: (id: number) => void, revoke: (key: ApiKey) => void): Column<ApiKey>[] {
  return [
    openColumn<ApiKey>('name', 'Name', openEdit, (k) => <Code>{k.prefix}…</Code>),
    {
      key: 'scopes',
      header: 'Calls',
      visibleFrom: 'md',
      render: (k) => (
        <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
          {k.scopes.join(', ')}
        </Text>
      ),
    },
    {
      key: 'lastUsedAt',
      header: 'Last Used',
      sortField: 'lastUsedAt',
      visibleFrom: 'sm',
      // Written at most once a minute: the time says whether a key is in use now.
      render: (k) => <Text size="sm">{k.lastUsedAt ? formatDateTime(k.lastUsedAt) : 'Never'}</Text>,
    },
    {
      ...dayColumn<ApiKey>('createdAt', 'Created', 'lg'),
      render: (k) => (
        <div>
          <Text size="sm">{formatDay(k.createdAt)}</Text>
          {k.createdBy && <Note>by {k.createdBy}</Note>}
        </div>
      ),
    },
    {
      key: 'state',
      header: 'State',
      primary: true,
      render: (k) => (
        <Badge variant="light" color={k.revokedAt ? 'gray' : 'green'}>
          {k.revokedAt ? 'Revoked' : 'Active'}
        </Badge>
      ),
    },
    actionsColumn<ApiKey>((k) =>
      k.revokedAt ? null : (
        <Can call={apiKeysContract.revoke}>
          <Button size="xs" variant="light" color="red" onClick={() => revoke(k)} aria-label={`Revoke ${k.name}`}>
            Revoke
          </Button>
        </Can>
      ),
    ),
  ];
}

/** /admin/tech/api-keys: the keys integrations call the admin API with; Add opens the side panel, which shows a new key once. */
export function ApiKeysPage() {
  const { revoke } = useRevokeKey();
  const onRevoke = (key: ApiKey) => confirmRevoke(key, () => void revoke(key.id));
  return (
    <PanelListPage
      title="API Keys"
      addLabel="Add API Key"
      Panel={ApiKeyPanel}
      area={apiKeysArea}
      columns={(openEdit) => columns(openEdit, onRevoke)}
      filters={filters}
    />
  );
}
