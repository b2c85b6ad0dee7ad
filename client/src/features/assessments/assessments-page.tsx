import { lazy, Suspense } from 'react';
import { Anchor, Button, Group, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link, getRouteApi } from '@tanstack/react-router';
import { AssessmentListQuery, type AssessmentListItem } from '@app/contract';
import { updatedColumn, type Column, type FilterDef } from '../../components/list-kit';
import { AreaListPage } from '../../components/area-list-page';
import { useEditPanel } from '../../components/form-kit/edit-panel';
import { assessmentsArea } from './api';
import { DeleteAssessmentButton } from './delete-assessment';

const AssessmentPanel = lazy(() => import('./assessment-panel'));

const routeApi = getRouteApi('/admin/learning/assessments');

const filters: FilterDef[] = [{ key: 'search', type: 'search', placeholder: 'Search title' }];

export const assessmentPath = (id: number) => `/admin/learning/assessments/${id}`;

function columns(remove: (id: number) => void): Column<AssessmentListItem>[] {
  return [
    {
      key: 'title',
      header: 'Title',
      sortField: 'title',
      render: (a) => (
        <Anchor component={Link} to={assessmentPath(a.id)} size="sm" fw={500}>
          {a.title}
        </Anchor>
      ),
    },
    { key: 'outcomeCount', header: 'Outcomes', sortField: 'outcomeCount', align: 'right', render: (a) => <Text size="sm">{a.outcomeCount}</Text> },
    { key: 'questionCount', header: 'Questions', sortField: 'questionCount', align: 'right', render: (a) => <Text size="sm">{a.questionCount}</Text> },
    updatedColumn<AssessmentListItem>('updatedAt', 'sm'),
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      render: (a) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <DeleteAssessmentButton assessment={a} remove={remove} compact />
        </Group>
      ),
    },
  ];
}

/** /admin/learning/assessments: title, outcome and question counts; Add opens the side sheet, the title the detail. */
export function AssessmentsPage() {
  const panel = useEditPanel();
  const { remove } = assessmentsArea.useRemove();
  return (
    <>
      <AreaListPage
        title="Assessments"
        search={routeApi.useSearch()}
        query={AssessmentListQuery}
        useList={assessmentsArea.useList}
        columns={columns(remove)}
        filters={filters}
        rowKey={(a) => a.id}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={panel.openNew}>
            Add Assessment
          </Button>
        }
      />
      {(panel.shown.isNew || panel.shown.id !== undefined) && (
        <Suspense fallback={null}>
          <AssessmentPanel panel={panel} />
        </Suspense>
      )}
    </>
  );
}
