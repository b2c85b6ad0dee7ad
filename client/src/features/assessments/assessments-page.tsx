import { lazy } from 'react';
import { Group } from '@mantine/core';
import type { AssessmentListItem } from '@app/contract';
import {
  actionsColumn,
  countColumn,
  linkColumn,
  updatedColumn,
  type Column,
  type FilterDef,
} from '../../components/list-kit';
import { PanelListPage } from '../../components/area-list-page';
import { assessmentsArea } from './api';
import { DeleteAssessmentButton } from './delete-assessment';

const AssessmentPanel = lazy(() => import('./assessment-panel'));

const filters: FilterDef[] = [{ key: 'search', type: 'search', placeholder: 'Search title' }];

export const assessmentPath = (id: number) => `/admin/learning/assessments/${id}`;

function columns(remove: (id: number) => void): Column<AssessmentListItem>[] {
  return [
    linkColumn<AssessmentListItem>('title', 'Title', (a) => assessmentPath(a.id)),
    countColumn<AssessmentListItem>('outcomeCount', 'Outcomes'),
    countColumn<AssessmentListItem>('questionCount', 'Questions'),
    updatedColumn<AssessmentListItem>('updatedAt', 'sm'),
    actionsColumn((a) => (
      <Group gap={4} justify="flex-end" wrap="nowrap">
        <DeleteAssessmentButton assessment={a} remove={remove} compact />
      </Group>
    )),
  ];
}

/** /admin/learning/assessments: title, outcome and question counts; Add opens the side sheet, the title the detail. */
export function AssessmentsPage() {
  const { remove } = assessmentsArea.useRemove();
  return (
    <PanelListPage
      title="Assessments"
      addLabel="Add Assessment"
      Panel={AssessmentPanel}
      area={assessmentsArea}
      columns={() => columns(remove)}
      filters={filters}
    />
  );
}
