import { notFound } from '@tanstack/react-router';
import { idNumber } from '@app/contract';
import { AdminNotFound } from '../components/shell/admin-fallbacks';

const ID = idNumber('id');

/** Throws notFound() unless `params[name]` is a positive whole number that fits an id. */
function checkId(params: Record<string, string | undefined>, name: string) {
  const value = params[name];
  if (!value || !/^\d+$/.test(value) || !ID.safeParse(value).success) throw notFound();
}

/**
 * The options of a route whose `$name` is a record's id: anything but a positive whole number that
 * fits an id ('abc', '12x', '0') is not found, shown inside the admin shell, before the screen renders
 * or asks the API anything. (A loader, not beforeLoad: a notFound from beforeLoad skips the route's own
 * not-found component.)
 * @example createRoute({ path: '/learning/quiz/$quizId', ...idRoute('quizId'), ... })
 */
export function idRoute<const N extends string>(name: N) {
  return {
    loader: ({ params }: { params: Record<N, string> }) => checkId(params, name),
    notFoundComponent: AdminNotFound,
  };
}
