import { FormDrawer, LoadedEntity, type EditPanel } from '../../components/form-kit';
import { institutionsArea } from './api';
import { InstitutionForm } from './institution-form';

function EditInstitution({ id, onDone }: { id: number; onDone: () => void }) {
  return <LoadedEntity result={institutionsArea.useDetail(id)}>{(institution) => <InstitutionForm institution={institution} onDone={onDone} />}</LoadedEntity>;
}

/** The Add/Edit Institution side panel: its own chunk, loaded when the panel first opens. */
export default function InstitutionPanel({ panel }: { panel: EditPanel }) {
  return (
    <FormDrawer opened={panel.opened} onClose={panel.close} title={panel.shown.isNew ? 'Add Institution' : 'Edit Institution'}>
      {panel.shown.isNew && <InstitutionForm onDone={panel.close} />}
      {typeof panel.shown.id === 'number' && <EditInstitution key={panel.shown.id} id={panel.shown.id} onDone={panel.close} />}
    </FormDrawer>
  );
}
