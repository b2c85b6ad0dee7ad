import { useState } from 'react';
import { Text } from '@mantine/core';
import type { CreatedApiKey } from '@app/contract';
import { FormDrawer, LoadedEntity, type EditPanel } from '../../components/form-kit';
import { openConfirmModal } from '../../lib/overlay-gate';
import { apiKeysArea } from './api';
import { ApiKeyForm } from './api-key-form';
import { ApiKeyDetails, NewKey } from './api-key-details';

export const UNCOPIED_KEY = {
  title: 'Have you copied the key?',
  text: 'It is shown only this once: after closing, nobody can see it again, and a lost key means making a new one.',
  confirm: 'Yes, close',
  cancel: 'Not yet',
};

function ExistingKey({ id }: { id: number }) {
  return <LoadedEntity result={apiKeysArea.useDetail(id)}>{(key) => <ApiKeyDetails apiKey={key} />}</LoadedEntity>;
}

/**
 * The API key side panel: Add (then the new key, once), or one key's details and Revoke. Keys are never edited.
 * A new key not yet copied with its button is not closed (Escape, the X, a click outside, Done) without asking.
 */
export default function ApiKeyPanel({ panel }: { panel: EditPanel }) {
  const [created, setCreated] = useState<CreatedApiKey>();
  const [copied, setCopied] = useState(false);
  const close = () => {
    setCreated(undefined);
    setCopied(false);
    panel.close();
  };
  const askFirst = () =>
    openConfirmModal({
      title: UNCOPIED_KEY.title,
      children: (
        <Text size="sm" c="dimmed">
          {UNCOPIED_KEY.text}
        </Text>
      ),
      labels: { confirm: UNCOPIED_KEY.confirm, cancel: UNCOPIED_KEY.cancel },
      onConfirm: close,
    });
  const onClose = created && !copied ? askFirst : close;
  const title = created ? 'New API Key' : panel.shown.isNew ? 'Add API Key' : 'API Key';
  return (
    <FormDrawer opened={panel.opened} onClose={onClose} title={title}>
      {panel.shown.isNew &&
        (created ? (
          <NewKey created={created} onCopied={() => setCopied(true)} onDone={onClose} />
        ) : (
          <ApiKeyForm onCreated={setCreated} onCancel={close} />
        ))}
      {typeof panel.shown.id === 'number' && <ExistingKey key={panel.shown.id} id={panel.shown.id} />}
    </FormDrawer>
  );
}
