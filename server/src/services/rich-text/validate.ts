import { RichTextDoc, richTextProblem, type RichTextDoc as Doc } from '@app/contract';
import { AppError } from '../../errors.js';

/**
 * A stored or received document checked against the rich-text allow-list (contract common/rich-text.ts):
 * the document itself, or a 400 naming the first problem (`field` prefixes the path).
 * Routes get this from the contract's body schema already; jobs, seeds and imports call it directly.
 * @example const doc = checkRichText(body.curriculum, 'curriculum')
 */
export function checkRichText(doc: unknown, field = 'content'): Doc {
  const problem = richTextProblem(doc);
  if (problem)
    throw new AppError(400, problem.message, undefined, [{ path: [field, ...problem.path], message: problem.message }]);
  return RichTextDoc.parse(doc);
}
