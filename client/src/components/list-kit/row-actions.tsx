import { ActionIcon, Button, Group } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPencil, IconPlus, IconTrash, type Icon } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { DeferredTooltip } from '../deferred-tooltip';
import { useMay, type Need } from '../../api/permissions';
import { MOBILE_QUERY } from './column-toggle';

/**
 * A row's Edit and Delete icon buttons, named for assistive technology ('Edit {name}', 'Delete {name}'). Edit
 * is a link (`editTo`) or an action (`onEdit`); either may be left out (e.g. once a send has started). Both
 * show only to accounts that may write in the screen's area, or make `call` when given (api/permissions.ts).
 * @example <RowActions name={`reminder #${r.id}`} onEdit={() => edit(r)} onDelete={() => confirmDelete(r)} />
 */
export function RowActions({
  name,
  editTo,
  onEdit,
  onDelete,
  call,
}: {
  name: string;
  editTo?: string;
  onEdit?: () => void;
  onDelete?: () => void;
  call?: Need;
}) {
  if (!useMay('write', call)) return null;
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {(editTo || onEdit) && (
        <DeferredTooltip label="Edit">
          {editTo ? (
            <ActionIcon component={Link} to={editTo} variant="subtle" aria-label={`Edit ${name}`}>
              <IconPencil size={16} />
            </ActionIcon>
          ) : (
            <ActionIcon variant="subtle" aria-label={`Edit ${name}`} onClick={onEdit}>
              <IconPencil size={16} />
            </ActionIcon>
          )}
        </DeferredTooltip>
      )}
      {onDelete && (
        <DeferredTooltip label="Delete">
          <ActionIcon variant="subtle" color="red" aria-label={`Delete ${name}`} onClick={onDelete}>
            <IconTrash size={16} />
          </ActionIcon>
        </DeferredTooltip>
      )}
    </Group>
  );
}

/** A write button's target: a link (`to`) or an action (`onClick`); `call`, the call it makes, when not the screen's. */
type WriteAction = { to?: string; onClick?: () => void; call?: Need };

/** The props of a write button, or null when the account may not write in the screen's area (or make `call`). */
function useWriteAction({ to, onClick, call }: WriteAction) {
  const may = useMay('write', call);
  if (!may) return null;
  return { ...((to ? { component: Link, to } : {}) as object), onClick };
}

/**
 * A row's labelled action ('Send Test Email', named `ariaLabel` for assistive technology): a link (`to`) or an
 * action (`onClick`). On a phone it is an icon button with the label in a tooltip, so the row's name keeps its
 * width and wraps at words instead of breaking mid-word beside a row of labels (issue 35 §6).
 * @example <RowButton icon={IconSend} label="Send Test Email" ariaLabel={`Send Test Email: ${t.name}`} onClick={send} />
 */
export function RowButton({
  icon: Glyph,
  label,
  ariaLabel,
  color,
  to,
  onClick,
}: {
  icon: Icon;
  label: string;
  ariaLabel: string;
  color?: string;
  to?: string;
  onClick?: () => void;
}) {
  const phone = useMediaQuery(MOBILE_QUERY, undefined, { getInitialValueInEffect: false }) ?? false;
  const target = { ...((to ? { component: Link, to } : {}) as object), onClick };
  if (phone)
    return (
      <DeferredTooltip label={label}>
        <ActionIcon {...target} variant="subtle" color={color} aria-label={ariaLabel}>
          <Glyph size={16} />
        </ActionIcon>
      </DeferredTooltip>
    );
  return (
    <Button
      {...target}
      variant="subtle"
      size="xs"
      color={color}
      leftSection={<Glyph size={14} />}
      aria-label={ariaLabel}
    >
      {label}
    </Button>
  );
}

/**
 * A row's Edit button ('Edit', named 'Edit {name}'; an icon on a phone, see RowButton): a link (`to`) or an action
 * (`onClick`), shown only to accounts that may write in the screen's area, or make `call` when given.
 * @example <EditButton name={i.name} onClick={() => openEdit(i.id)} />
 */
export function EditButton({ name, to, onClick, call }: WriteAction & { name: string }) {
  if (!useMay('write', call)) return null;
  return <RowButton icon={IconPencil} label="Edit" ariaLabel={`Edit ${name}`} to={to} onClick={onClick} />;
}

/**
 * A list's primary Add button (with the plus icon): a link (`to`) or an action (`onClick`); shown only to
 * accounts that may write in the screen's area, or make `call` when given.
 * @example <AddButton label="Add Chapter" to="/admin/chapters/new" />
 */
export function AddButton({ label, ...action }: WriteAction & { label: string }) {
  const props = useWriteAction(action);
  if (!props) return null;
  return (
    <Button {...props} leftSection={<IconPlus size={16} />}>
      {label}
    </Button>
  );
}
