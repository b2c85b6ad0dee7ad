import { QuestionnaireListPage } from '../../components/question-kit';
import { quizzesArea } from './api';

/** /admin/learning/quiz: the quizzes and the Create Quiz dialog. */
export function QuizzesPage() {
  return (
    <QuestionnaireListPage
      title="Quizzes"
      noun="Quiz"
      area={quizzesArea}
      detailPath={(id) => `/admin/learning/quiz/${id}`}
    />
  );
}
