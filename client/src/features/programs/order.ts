import type { ProgramDetail } from '@app/contract';

export type Move = { fromSectionId: number; fromIndex: number; toSectionId: number; toIndex: number };

/**
 * The syllabus after moving one component (a drop or a move up/down button), and the order to save: the
 * target section's component ids in their new order. Undefined when nothing moves.
 * @example moveComponent(program, { fromSectionId: 1, fromIndex: 0, toSectionId: 1, toIndex: 2 })
 */
export function moveComponent(
  program: ProgramDetail,
  move: Move,
): { program: ProgramDetail; sectionId: number; entityIds: number[] } | undefined {
  if (move.fromSectionId === move.toSectionId && move.fromIndex === move.toIndex) return undefined;
  const from = program.sections.find((s) => s.id === move.fromSectionId);
  const to = program.sections.find((s) => s.id === move.toSectionId);
  const moved = from?.components[move.fromIndex];
  if (!from || !to || !moved) return undefined;
  const source = from.components.filter((_, i) => i !== move.fromIndex);
  const target = from === to ? source : [...to.components];
  const toIndex = Math.max(0, Math.min(move.toIndex, target.length));
  target.splice(toIndex, 0, { ...moved, sectionId: to.id, section: { id: to.id } });
  const renumber = <T extends { index: number }>(list: T[]) => list.map((c, index) => ({ ...c, index }));
  const sections = program.sections.map((s) =>
    s.id === to.id
      ? { ...s, components: renumber(target) }
      : s.id === from.id
        ? { ...s, components: renumber(source) }
        : s,
  );
  return { program: { ...program, sections }, sectionId: to.id, entityIds: target.map((c) => c.id) };
}
