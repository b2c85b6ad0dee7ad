import { EntityPanel, type EditPanel } from '../../components/form-kit';
import { invitationTestsArea } from './api';
import { InvitationTestForm } from './invitation-test-form';

/** The Add/Edit Variable side sheet: its own chunk, loaded when it first opens. */
export default function InvitationTestPanel({ panel }: { panel: EditPanel }) {
  return (
    <EntityPanel panel={panel} noun="Variable" useDetail={invitationTestsArea.useDetail}>
      {(test, onDone) => <InvitationTestForm test={test} onDone={onDone} />}
    </EntityPanel>
  );
}
