import type { ReactNode } from 'react';
import { actionsColumn, linkColumn, RowActions, type AnyListQuery, type Column, type FilterDef } from './list-kit';
import { AreaListPage, type ListArea } from './area-list-page';
import { confirmDelete } from './confirm-delete';

type Named = { id: number; name: string };

/**
 * The list of an area whose records are edited on a page of their own (the AI chat and video templates): the
 * name links to `{path}/{id}/edit`, `columns` follow it, then each row's Edit and Delete (Delete asks `question`
 * first); 'Add {noun}' links to `{path}/new`. Add, Edit and Delete show only to accounts that may write the area.
 * @example <PageEditedList title="AI Video Templates" noun="AI Video Template" path="/admin/tech/ai-video-template" area={area} columns={columns} filters={filters} question={(t) => <>Delete {t.name}?</>} />
 */
export function PageEditedList<T extends Named, Q extends AnyListQuery>(props: {
  title: string;
  noun: string;
  path: string;
  area: ListArea<T, Q> & { useRemove: () => { remove: (id: number) => void } };
  columns: Column<T>[];
  filters: FilterDef[];
  question: (record: T) => ReactNode;
}) {
  const { remove } = props.area.useRemove();
  const editPath = (t: T) => `${props.path}/${t.id}/edit`;
  const columns = [
    linkColumn<T>('name' as never, 'Name', editPath),
    ...props.columns,
    actionsColumn<T>((t) => (
      <RowActions
        name={t.name}
        editTo={editPath(t)}
        onDelete={() => confirmDelete(`Delete ${props.noun}`, props.question(t), () => remove(t.id))}
      />
    )),
  ];
  return (
    <AreaListPage
      title={props.title}
      addLabel={`Add ${props.noun}`}
      addTo={`${props.path}/new`}
      area={props.area}
      columns={columns}
      filters={props.filters}
    />
  );
}
