import { getRouteApi } from '@tanstack/react-router';
import { QuestionnaireListPage } from '../../components/question-kit';
import { surveysArea } from './api';

const routeApi = getRouteApi('/admin/learning/survey');

/** /admin/learning/survey: the surveys and the Create Survey dialog. */
export function SurveysPage() {
  return (
    <QuestionnaireListPage
      title="Surveys"
      noun="Survey"
      search={routeApi.useSearch()}
      useList={surveysArea.useList}
      save={surveysArea.useSave()}
      detailPath={(id) => `/admin/learning/survey/${id}`}
    />
  );
}
