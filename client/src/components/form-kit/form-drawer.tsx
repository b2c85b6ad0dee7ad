import { ListError } from '../list-kit/list-error';
import type { ReactNode } from 'react';
import { Alert, Button, Center, Drawer, Group, Loader, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import type { EntityForm as EntityFormState } from './use-entity-form';
import { useFocusFirstError } from './focus-first-error';
import { useMay, type Need } from '../../api/permissions';
import { FormReadOnly } from './read-only';
import classes from './form-kit.module.css';

/**
 * The side panel's width on desktop.
 *
 * @example <Drawer size={DRAWER_WIDTH} />
 */
export const DRAWER_WIDTH = 560;

/**
 * The side panel every save opens in: from the right, 560px wide, full screen below 768px.
 *
 * @example <FormDrawer opened={panel.opened} onClose={panel.close} title={panel.isNew ? 'Add Institution' : 'Edit Institution'}>...</FormDrawer>
 */
export function FormDrawer(props: { opened: boolean; onClose: () => void; title: ReactNode; children: ReactNode }) {
  const isMobile = useMediaQuery('(max-width: 47.99em)') ?? false;
  return (
    <Drawer
      opened={props.opened}
      onClose={props.onClose}
      title={props.title}
      position="right"
      size={isMobile ? '100%' : DRAWER_WIDTH}
      padding="lg"
      classNames={{ title: classes.drawerTitle, header: classes.drawerHeader, body: classes.drawerBody }}
    >
      {props.children}
    </Drawer>
  );
}

/**
 * The `<form>` of an entity: fields, errors no field took, and a sticky Cancel / Save footer. A save the form
 * refuses moves focus to the first field in error, scrolled into view. Save shows only to accounts that may
 * write in the screen's area (or make `call`); others see the values and a Close button, and with `lockFields`
 * the fields disabled (a native disabled fieldset: no input, switch or select inside takes an edit). Either way an
 * upload field inside shows its file only (`useFormReadOnly`).
 *
 * @example <EntityForm form={form} onCancel={close}><TextInput label="Name" {...form.getInputProps('name')} /></EntityForm>
 */
export function EntityForm(props: {
  form: EntityFormState<any>;
  onCancel: () => void;
  children: ReactNode;
  submitLabel?: string;
  /** The contract route Save calls, when it is not the screen's area's (e.g. `paymentsContract.record`). */
  call?: Need;
  /** Disable the fields for an account that may not save (leave out where a reader still uses a control inside). */
  lockFields?: boolean;
}) {
  const { form } = props;
  const focus = useFocusFirstError(form.submit);
  const maySave = useMay('write', props.call);
  return (
    <form ref={focus.ref} onSubmit={focus.onSubmit} noValidate className={classes.form}>
      <fieldset disabled={props.lockFields && !maySave} className={`${classes.fieldset} ${classes.fields}`}>
        <Stack gap="md">
          {form.otherErrors.length > 0 && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" tabIndex={-1} data-form-errors>
              {form.otherErrors.map((m) => (
                <div key={m}>{m}</div>
              ))}
            </Alert>
          )}
          <FormReadOnly.Provider value={!maySave}>{props.children}</FormReadOnly.Provider>
        </Stack>
      </fieldset>
      <Group justify="flex-end" gap="sm" className={classes.footer}>
        <Button variant="default" onClick={props.onCancel} disabled={form.saving}>
          {maySave ? 'Cancel' : 'Close'}
        </Button>
        {maySave && (
          <Button type="submit" loading={form.saving}>
            {props.submitLabel ?? 'Save'}
          </Button>
        )}
      </Group>
    </form>
  );
}

/**
 * Waits for an entity's query: a loader, the error (generic rule) with a retry, then the children.
 *
 * @example <LoadedEntity result={useInstitution(id)}>{(institution) => <InstitutionForm institution={institution} />}</LoadedEntity>
 */
export function LoadedEntity<T>(props: {
  result: { data?: { body: T }; error: unknown; refetch: () => unknown };
  children: (entity: T) => ReactNode;
}) {
  const { data, error, refetch } = props.result;
  if (data) return <>{props.children(data.body)}</>;
  if (error != null) return <ListError error={error} onRetry={() => void refetch()} />;
  return (
    <Center py="xl">
      <Loader aria-label="Loading" />
    </Center>
  );
}
