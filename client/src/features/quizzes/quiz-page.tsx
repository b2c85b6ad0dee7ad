import { getRouteApi } from '@tanstack/react-router';
import { QuestionnairePage } from '../../components/question-kit';
import { quizzesArea } from './api';
import { quizKind, toKitQuestion } from './quiz-kind';

/** /admin/learning/quiz/{quizId}: one quiz's numbered questions, rename and delete. */
export function QuizPage({ quizId }: { quizId: number }) {
  return (
    <QuestionnairePage
      id={quizId}
      area={quizzesArea}
      kind={quizKind}
      toKitQuestion={toKitQuestion}
      listPath="/admin/learning/quiz"
      listLabel="Quizzes"
    />
  );
}

const routeApi = getRouteApi('/admin/learning/quiz/$quizId');

/** The route's screen: the quiz named by the path. */
export function QuizScreen() {
  const { quizId } = routeApi.useParams();
  return <QuizPage quizId={Number(quizId)} />;
}
