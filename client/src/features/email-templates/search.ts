import { EmailTemplateListQuery } from '@app/contract';
import { listSearchSchema } from '../../components/list-kit/list-search';

/** The email templates list's URL state: the contract's own list query, URL-tolerant. */
export const emailTemplatesSearch = listSearchSchema(EmailTemplateListQuery);
