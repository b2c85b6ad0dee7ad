import { useState } from 'react';
import type { CreatedApiKey } from '@app/contract';
import { FormDrawer, LoadedEntity, type EditPanel } from '../../components/form-kit';
import { apiKeysArea } from './api';
import { ApiKeyForm } from './api-key-form';
import { ApiKeyDetails, NewKey } from './api-key-details';

function ExistingKey({ id }: { id: number }) {
  return <LoadedEntity result={apiKeysArea.useDetail(id)}>{(key) => <ApiKeyDetails apiKey={key} />}</LoadedEntity>;
}

/** The API key side panel: Add (then the new key, once), or one key's details and Revoke. Keys are never edited. */
export default function ApiKeyPanel({ panel }: { panel: EditPanel }) {
  const [created, setCreated] = useState<CreatedApiKey>();
  const close = () => {
    setCreated(undefined);
    panel.close();
  };
  const title = created ? 'New API Key' : panel.shown.isNew ? 'Add API Key' : 'API Key';
  return (
    <FormDrawer opened={panel.opened} onClose={close} title={title}>
      {panel.shown.isNew &&
        (created ? (
          <NewKey created={created} onDone={close} />
        ) : (
          <ApiKeyForm onCreated={setCreated} onCancel={close} />
        ))}
      {typeof panel.shown.id === 'number' && <ExistingKey key={panel.shown.id} id={panel.shown.id} />}
    </FormDrawer>
  );
}
