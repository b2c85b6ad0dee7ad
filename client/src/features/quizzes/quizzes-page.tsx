import { getRouteApi } from '@tanstack/react-router';
import { QuestionnaireListPage } from '../../components/question-kit';
import { quizzesArea } from './api';

const routeApi = getRouteApi('/admin/learning/quiz');

/** /admin/learning/quiz: the quizzes and the Create Quiz dialog. */
export function QuizzesPage() {
  return (
    <QuestionnaireListPage
      title="Quizzes"
      noun="Quiz"
      search={routeApi.useSearch()}
      useList={quizzesArea.useList}
      save={quizzesArea.useSave()}
      detailPath={(id) => `/admin/learning/quiz/${id}`}
    />
  );
}
