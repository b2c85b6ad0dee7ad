import { lazy, Suspense } from 'react';
import { Anchor, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, getRouteApi, useNavigate } from '@tanstack/react-router';
import type { Assessment } from '@app/contract';
import { LoadedEntity } from '../../components/form-kit';
import { toUrlSearch } from '../../components/list-kit/list-search';
import { assessmentsArea, useDeleteAssessment } from './api';
import { DeleteAssessmentButton } from './delete-assessment';
import { ASSESSMENT_TABS, type AssessmentTab } from './search';

const DetailsTab = lazy(() => import('./details-tab'));
const OutcomesTab = lazy(() => import('./outcomes-tab'));
const QuestionsTab = lazy(() => import('./questions-tab'));
const ScoreMatrixTab = lazy(() => import('./score-matrix-tab'));

const routeApi = getRouteApi('/admin/learning/assessments/$assessmentId');

/** 'Score Matrix' -> 'score-matrix': Mantine makes element ids from a tab's value, where spaces are not allowed. */
const tabSlug = (tab: AssessmentTab) => tab.toLowerCase().replace(/ /g, '-');

function AssessmentDetail({ assessment: a, tab }: { assessment: Assessment; tab: AssessmentTab }) {
  const navigate = useNavigate();
  const remove = useDeleteAssessment(() => void navigate({ to: '/admin/learning/assessments' }));
  const setTab = (slug: string | null) => {
    const next = ASSESSMENT_TABS.find((t) => tabSlug(t) === slug) ?? ASSESSMENT_TABS[0];
    void navigate({ to: '.', search: () => toUrlSearch({ tab: next === ASSESSMENT_TABS[0] ? undefined : next }) } as never);
  };
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Anchor component={Link} to="/admin/learning/assessments" size="sm" c="dimmed">
            <Group gap={4} component="span">
              <IconArrowLeft size={14} />
              Assessments
            </Group>
          </Anchor>
          <Title order={2} style={{ overflowWrap: 'anywhere' }}>
            {a.title}
          </Title>
          <Text c="dimmed" size="sm">
            {a.outcomes.length} outcomes · {a.questions.length} questions
            {a.componentCount > 0 && ` · used by ${a.componentCount} program component${a.componentCount === 1 ? '' : 's'}`}
          </Text>
        </Stack>
        <DeleteAssessmentButton assessment={a} remove={remove} />
      </Group>
      <Tabs value={tabSlug(tab)} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          {ASSESSMENT_TABS.map((t) => (
            <Tabs.Tab key={t} value={tabSlug(t)}>
              {t}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Suspense fallback={<Loader m="md" aria-label="Loading" />}>
          <Tabs.Panel value={tabSlug('Assessment Details')} pt="md">
            <DetailsTab assessment={a} />
          </Tabs.Panel>
          <Tabs.Panel value={tabSlug('Outcomes')} pt="md">
            <OutcomesTab assessment={a} />
          </Tabs.Panel>
          <Tabs.Panel value={tabSlug('Questions')} pt="md">
            <QuestionsTab assessment={a} />
          </Tabs.Panel>
          <Tabs.Panel value={tabSlug('Score Matrix')} pt="md">
            <ScoreMatrixTab assessment={a} />
          </Tabs.Panel>
        </Suspense>
      </Tabs>
    </Stack>
  );
}

/** /admin/learning/assessments/{assessmentId}: the four tabs of spec 03 §2, the tab in the URL's `tab`. */
export function AssessmentDetailPage({ assessmentId }: { assessmentId: number }) {
  const search = routeApi.useSearch();
  const result = assessmentsArea.useDetail(assessmentId);
  return <LoadedEntity result={result}>{(a) => <AssessmentDetail assessment={a} tab={search.tab ?? 'Assessment Details'} />}</LoadedEntity>;
}

/** The route's component: the id from the path (a number; anything else answers the API's 400/404 in place). */
export function AssessmentDetailRoute() {
  const { assessmentId } = routeApi.useParams();
  return <AssessmentDetailPage assessmentId={Number(assessmentId)} />;
}
