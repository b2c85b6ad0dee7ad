import { EntityPanel, type EditPanel } from '../../components/form-kit';
import { programsArea } from './api';
import { ProgramForm } from './program-form';

/** The Add/Edit Program side sheet: its own chunk, loaded when it first opens. */
export default function ProgramPanel({ panel }: { panel: EditPanel }) {
  return (
    <EntityPanel panel={panel} noun="Program" useDetail={programsArea.useDetail}>
      {(program, onDone) => <ProgramForm program={program} onDone={onDone} />}
    </EntityPanel>
  );
}
