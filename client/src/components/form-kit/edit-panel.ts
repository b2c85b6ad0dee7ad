import { useState } from 'react';
import { z } from 'zod';
import { useSearch } from '@tanstack/react-router';
import { useSearchPatch } from '../list-kit/use-search-patch';

/** Which entity the side panel shows: 'new', or the id (number or uuid) of the one being edited. */
export type EditTarget = 'new' | number | string;

/**
 * The URL key of the side panel (`?edit=new`, `?edit=12`), so a reload keeps it open. Unknown values
 * close the panel instead of failing the route.
 *
 * @example validateSearch: listSearchSchema(InstitutionListQuery, editPanelSearch)
 */
export const editPanelSearch = {
  edit: z
    .union([z.literal('new'), z.coerce.number().int().positive(), z.string().uuid()])
    .optional()
    .catch(undefined) as unknown as z.ZodType<EditTarget | undefined, z.ZodTypeDef, EditTarget | undefined>,
};

/**
 * Opens and closes the side panel through the URL's `edit` key (the route must take `editPanelSearch`).
 *
 * @example
 * const panel = useEditPanel();
 * <Button onClick={panel.openNew}>Add Institution</Button>
 * <FormDrawer opened={panel.opened} onClose={panel.close} title={panel.shown.isNew ? 'Add Institution' : 'Edit Institution'}>
 *   {panel.shown.isNew && <InstitutionForm onDone={panel.close} />}
 */
export type EditPanel = ReturnType<typeof useEditPanel>;

export function useEditPanel() {
  const target = useSearch({ strict: false, select: (s) => (s as { edit?: EditTarget }).edit });
  // While the drawer slides out the URL no longer names the entity: keep showing the last one.
  const [last, setLast] = useState(target);
  if (target !== undefined && target !== last) setLast(target);
  const shown = target ?? last;
  const patchSearch = useSearchPatch();
  const go = (edit: EditTarget | undefined) => patchSearch({ edit });
  return {
    target,
    opened: target !== undefined,
    isNew: target === 'new',
    /** The id being edited, if any. */
    id: target !== undefined && target !== 'new' ? target : undefined,
    /** What the drawer shows: the URL's target, or while it slides out, the last one. */
    shown: { isNew: shown === 'new', id: shown !== undefined && shown !== 'new' ? shown : undefined },
    openNew: () => go('new'),
    openEdit: (id: number | string) => go(id),
    close: () => go(undefined),
  };
}
