import { getRouteApi, useNavigate } from '@tanstack/react-router';
import type { Survey } from '@app/contract';
import { LoadedEntity } from '../../components/form-kit';
import { QuestionnaireDetail } from '../../components/question-kit';
import { surveysArea, useRemoveSurvey, useSurveyQuestions } from './api';
import { surveyKind, toKitQuestion } from './survey-kind';

const LIST = '/admin/learning/survey';

function SurveyDetail({ survey }: { survey: Survey }) {
  const navigate = useNavigate();
  const questions = useSurveyQuestions(survey.id);
  const remove = useRemoveSurvey(survey.id, () => void navigate({ to: LIST } as never));
  return (
    <QuestionnaireDetail
      kind={surveyKind}
      listPath={LIST}
      listLabel="Surveys"
      entity={survey}
      questions={survey.questions.map(toKitQuestion)}
      rename={surveysArea.useSave()}
      remove={remove.remove}
      removing={remove.isPending}
      saveQuestion={questions.save}
      removeQuestion={questions.remove}
      reorderQuestions={questions.reorder}
    />
  );
}

/** /admin/learning/survey/{surveyId}: one survey's numbered questions, rename and delete. */
export function SurveyPage({ surveyId }: { surveyId: number }) {
  return <LoadedEntity result={surveysArea.useDetail(surveyId)}>{(survey) => <SurveyDetail survey={survey} />}</LoadedEntity>;
}

const routeApi = getRouteApi('/admin/learning/survey/$surveyId');

/** The route's screen: the survey named by the path. */
export function SurveyScreen() {
  const { surveyId } = routeApi.useParams();
  return <SurveyPage surveyId={Number(surveyId)} />;
}
