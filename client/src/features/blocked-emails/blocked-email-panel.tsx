import { EntityPanel, type EditPanel } from '../../components/form-kit';
import { blockedEmailsArea } from './api';
import { BlockedEmailForm } from './blocked-email-form';

/** The Add/Edit Blocked Email side panel: its own chunk, loaded when the panel first opens. */
export default function BlockedEmailPanel({ panel }: { panel: EditPanel }) {
  return (
    <EntityPanel panel={panel} noun="Blocked Email" useDetail={blockedEmailsArea.useDetail}>
      {(blocked, onDone) => <BlockedEmailForm blocked={blocked} onDone={onDone} />}
    </EntityPanel>
  );
}
