import { QuestionnaireListPage } from '../../components/question-kit';
import { surveysArea } from './api';

/** /admin/learning/survey: the surveys and the Create Survey dialog. */
export function SurveysPage() {
  return (
    <QuestionnaireListPage
      title="Surveys"
      noun="Survey"
      area={surveysArea}
      detailPath={(id) => `/admin/learning/survey/${id}`}
    />
  );
}
