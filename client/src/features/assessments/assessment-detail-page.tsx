import { lazy } from 'react';
import { Group, Stack, Text, Title } from '@mantine/core';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import type { Assessment } from '@app/contract';
import { LoadedEntity } from '../../components/form-kit';
import { UrlTabs } from '../../components/url-tabs';
import { assessmentsArea, useDeleteAssessment } from './api';
import { DeleteAssessmentButton } from './delete-assessment';
import { ASSESSMENT_TABS, type AssessmentTab } from './search';
import { BackLink } from '../../components/back-link';

const DetailsTab = lazy(() => import('./details-tab'));
const OutcomesTab = lazy(() => import('./outcomes-tab'));
const QuestionsTab = lazy(() => import('./questions-tab'));
const ScoreMatrixTab = lazy(() => import('./score-matrix-tab'));

const routeApi = getRouteApi('/admin/learning/assessments/$assessmentId');

function AssessmentDetail({ assessment: a, tab }: { assessment: Assessment; tab: AssessmentTab | undefined }) {
  const navigate = useNavigate();
  const remove = useDeleteAssessment(() => void navigate({ to: '/admin/learning/assessments' }));
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <BackLink to="/admin/learning/assessments" label="Assessments" />
          <Title order={2} style={{ overflowWrap: 'anywhere' }}>
            {a.title}
          </Title>
          <Text c="dimmed" size="sm">
            {a.outcomes.length} outcomes · {a.questions.length} questions
            {a.componentCount > 0 &&
              ` · used by ${a.componentCount} program component${a.componentCount === 1 ? '' : 's'}`}
          </Text>
        </Stack>
        <DeleteAssessmentButton assessment={a} remove={remove} />
      </Group>
      <UrlTabs
        tabs={ASSESSMENT_TABS}
        current={tab}
        panels={{
          'Assessment Details': <DetailsTab assessment={a} />,
          Outcomes: <OutcomesTab assessment={a} />,
          Questions: <QuestionsTab assessment={a} />,
          'Score Matrix': <ScoreMatrixTab assessment={a} />,
        }}
      />
    </Stack>
  );
}

/** /admin/learning/assessments/{assessmentId}: the four tabs of spec 03 §2, the tab in the URL's `tab`. */
export function AssessmentDetailPage({ assessmentId }: { assessmentId: number }) {
  const search = routeApi.useSearch();
  const result = assessmentsArea.useDetail(assessmentId);
  return <LoadedEntity result={result}>{(a) => <AssessmentDetail assessment={a} tab={search.tab} />}</LoadedEntity>;
}

/** The route's component: the id from the path (a number; anything else answers the API's 400/404 in place). */
export function AssessmentDetailRoute() {
  const { assessmentId } = routeApi.useParams();
  return <AssessmentDetailPage assessmentId={Number(assessmentId)} />;
}
