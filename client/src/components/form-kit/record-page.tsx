import type { ReactNode } from 'react';
import { FormPage, useBackTo } from './form-page';
import { LoadedEntity } from './form-drawer';

type PageList = { to: string; label: string };

/** The id a create answered (`{ body: { id } }`), or undefined when it answered none. */
export const createdId = (result: unknown): number | undefined =>
  (result as { body?: { id?: number } } | undefined)?.body?.id;

/**
 * A new record's page of its own: the form gets `onSaved`, which opens the saved record's screen (`open(id)`), and
 * `onCancel`, back to the list.
 * @example <NewRecordPage list={LIST} title="Add AI Video Template" open={(id) => openEdit(id)}>{(form) => <TemplateForm {...form} />}</NewRecordPage>
 */
export function NewRecordPage(props: {
  list: PageList;
  title: string;
  open: (id: string) => void;
  children: (form: { onSaved: (result: unknown) => void; onCancel: () => void }) => ReactNode;
}) {
  const back = useBackTo(props.list.to);
  const onSaved = (result: unknown) => {
    const id = createdId(result);
    if (id) props.open(String(id));
    else back();
  };
  return (
    <FormPage list={props.list} title={props.title}>
      {props.children({ onSaved, onCancel: back })}
    </FormPage>
  );
}

/**
 * A record's page of its own: the link back to its list, the title with the record's name under it, then what
 * `children` makes of the record once it is loaded.
 * @example <RecordPage list={LIST} title="Edit AI Video Template" result={area.useDetail(id)}>{(t) => <Tabs template={t} />}</RecordPage>
 */
export function RecordPage<T extends { name: string }>(props: {
  list: PageList;
  title: string;
  result: { data?: { body: T }; error: unknown; refetch: () => unknown };
  children: (record: T) => ReactNode;
}) {
  return (
    <FormPage list={props.list} title={props.title} subtitle={props.result.data?.body.name}>
      <LoadedEntity result={props.result}>{props.children}</LoadedEntity>
    </FormPage>
  );
}
