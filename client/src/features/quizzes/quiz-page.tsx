import { getRouteApi, useNavigate } from '@tanstack/react-router';
import type { Quiz } from '@app/contract';
import { LoadedEntity } from '../../components/form-kit';
import { QuestionnaireDetail } from '../../components/question-kit';
import { quizzesArea, useQuizQuestions, useRemoveQuiz } from './api';
import { quizKind, toKitQuestion } from './quiz-kind';

const LIST = '/admin/learning/quiz';

function QuizDetail({ quiz }: { quiz: Quiz }) {
  const navigate = useNavigate();
  const questions = useQuizQuestions(quiz.id);
  const remove = useRemoveQuiz(quiz.id, () => void navigate({ to: LIST } as never));
  return (
    <QuestionnaireDetail
      kind={quizKind}
      listPath={LIST}
      listLabel="Quizzes"
      entity={quiz}
      questions={quiz.questions.map(toKitQuestion)}
      rename={quizzesArea.useSave()}
      remove={remove.remove}
      removing={remove.isPending}
      saveQuestion={questions.save}
      removeQuestion={questions.remove}
      reorderQuestions={questions.reorder}
    />
  );
}

/** /admin/learning/quiz/{quizId}: one quiz's numbered questions, rename and delete. */
export function QuizPage({ quizId }: { quizId: number }) {
  return <LoadedEntity result={quizzesArea.useDetail(quizId)}>{(quiz) => <QuizDetail quiz={quiz} />}</LoadedEntity>;
}

const routeApi = getRouteApi('/admin/learning/quiz/$quizId');

/** The route's screen: the quiz named by the path. */
export function QuizScreen() {
  const { quizId } = routeApi.useParams();
  return <QuizPage quizId={Number(quizId)} />;
}
