import { getRouteApi } from '@tanstack/react-router';
import { QuestionnairePage } from '../../components/question-kit';
import { surveysArea } from './api';
import { surveyKind, toKitQuestion } from './survey-kind';

/** /admin/learning/survey/{surveyId}: one survey's numbered questions, rename and delete. */
export function SurveyPage({ surveyId }: { surveyId: number }) {
  return (
    <QuestionnairePage
      id={surveyId}
      area={surveysArea}
      kind={surveyKind}
      toKitQuestion={toKitQuestion}
      listPath="/admin/learning/survey"
      listLabel="Surveys"
    />
  );
}

const routeApi = getRouteApi('/admin/learning/survey/$surveyId');

/** The route's screen: the survey named by the path. */
export function SurveyScreen() {
  const { surveyId } = routeApi.useParams();
  return <SurveyPage surveyId={Number(surveyId)} />;
}
