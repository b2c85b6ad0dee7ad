import type { ReactNode } from 'react';
import { FormDrawer, LoadedEntity } from './form-drawer';
import type { EditPanel } from './edit-panel';

type Loaded<T> = { data?: { body: T }; error: unknown; refetch: () => unknown };

function EditEntity<T>(props: {
  id: number;
  useDetail: (id: number) => Loaded<T>;
  children: (entity: T) => ReactNode;
}) {
  return <LoadedEntity result={props.useDetail(props.id)}>{props.children}</LoadedEntity>;
}

/**
 * An area's Add/Edit side panel: 'Add {noun}' with an empty form, or 'Edit {noun}' with the form over the
 * loaded entity, opened and closed through the URL's `edit` key (`useEditPanel`).
 *
 * @example
 * <EntityPanel panel={panel} noun="Institution" useDetail={institutionsArea.useDetail}>
 *   {(institution, onDone) => <InstitutionForm institution={institution} onDone={onDone} />}
 * </EntityPanel>
 */
export function EntityPanel<T>(props: {
  panel: EditPanel;
  noun: string;
  useDetail: (id: number) => Loaded<T>;
  children: (entity: T | undefined, onDone: () => void) => ReactNode;
}) {
  const { panel, noun } = props;
  return (
    <FormDrawer opened={panel.opened} onClose={panel.close} title={panel.shown.isNew ? `Add ${noun}` : `Edit ${noun}`}>
      {panel.shown.isNew && props.children(undefined, panel.close)}
      {typeof panel.shown.id === 'number' && (
        <EditEntity key={panel.shown.id} id={panel.shown.id} useDetail={props.useDetail}>
          {(entity) => props.children(entity, panel.close)}
        </EditEntity>
      )}
    </FormDrawer>
  );
}
