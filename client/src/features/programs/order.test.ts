import { describe, expect, it } from 'vitest';
import type { ProgramComponent, ProgramDetail } from '@app/contract';
import { moveComponent } from './order';

const comp = (id: number, sectionId: number, index: number) =>
  ({ id, sectionId, section: { id: sectionId }, index, name: `C${id}` }) as unknown as ProgramComponent;
const program = {
  id: 1,
  sections: [
    { id: 10, components: [comp(1, 10, 0), comp(2, 10, 1), comp(3, 10, 2)] },
    { id: 20, components: [comp(4, 20, 0)] },
  ],
} as unknown as ProgramDetail;

describe('moveComponent', () => {
  it('moves within a section and renumbers densely', () => {
    const r = moveComponent(program, { fromSectionId: 10, fromIndex: 0, toSectionId: 10, toIndex: 2 })!;
    expect(r.entityIds).toEqual([2, 3, 1]);
    expect(r.program.sections[0]!.components.map((c) => c.index)).toEqual([0, 1, 2]);
  });
  it('moves across sections', () => {
    const r = moveComponent(program, { fromSectionId: 10, fromIndex: 1, toSectionId: 20, toIndex: 0 })!;
    expect(r).toMatchObject({ sectionId: 20, entityIds: [2, 4] });
    expect(r.program.sections[0]!.components.map((c) => [c.id, c.index])).toEqual([
      [1, 0],
      [3, 1],
    ]);
  });
  it('does nothing for a drop in place', () => {
    expect(moveComponent(program, { fromSectionId: 10, fromIndex: 1, toSectionId: 10, toIndex: 1 })).toBeUndefined();
  });
});
