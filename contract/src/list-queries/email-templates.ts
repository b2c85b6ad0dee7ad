import { z } from 'zod';
import { listQuery, queryFlag } from '../common/list.js';

// The email templates list's query and the template types it filters on, apart from the area's routes: see
// ./README.md.

export const TEMPLATE_TYPES = ['Invitation', 'InvitationTickler', 'WelcomeEmail', 'WelcomeEmailNoPayment'] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];

export const EmailTemplateListQuery = listQuery({
  sortable: ['name', 'format', 'enabled', 'updated', 'id'] as const,
  defaultSort: 'name:asc',
  filters: {
    enabled: queryFlag.optional(),
    type: z.enum(TEMPLATE_TYPES, { message: `type must be one of ${TEMPLATE_TYPES.join(', ')}` }).optional(),
  },
});
export type EmailTemplateListQuery = z.input<typeof EmailTemplateListQuery>;
