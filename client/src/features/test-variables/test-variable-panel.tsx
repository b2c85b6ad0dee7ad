import { EntityPanel, type EditPanel } from '../../components/form-kit';
import { testVariablesArea } from './api';
import { InvitationTestForm } from './test-variable-form';

/** The Add/Edit Variable side sheet: its own chunk, loaded when it first opens. */
export default function InvitationTestPanel({ panel }: { panel: EditPanel }) {
  return (
    <EntityPanel panel={panel} noun="Variable" useDetail={testVariablesArea.useDetail}>
      {(test, onDone) => <InvitationTestForm test={test} onDone={onDone} />}
    </EntityPanel>
  );
}
