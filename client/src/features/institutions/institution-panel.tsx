import { EntityPanel, type EditPanel } from '../../components/form-kit';
import { HistoryPanel } from '../../components/audit/history-panel';
import { institutionsArea } from './api';
import { InstitutionForm } from './institution-form';

/** The Add/Edit Institution side panel: its own chunk, loaded when the panel first opens. */
export default function InstitutionPanel({ panel }: { panel: EditPanel }) {
  return (
    <EntityPanel panel={panel} noun="Institution" useDetail={institutionsArea.useDetail}>
      {(institution, onDone) => (
        <InstitutionForm
          institution={institution}
          onDone={onDone}
          history={institution && <HistoryPanel entity="institutions" entityId={institution.id} />}
        />
      )}
    </EntityPanel>
  );
}
