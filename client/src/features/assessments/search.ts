import { z } from 'zod';
import { AssessmentListQuery } from '@app/contract';
import { listSearchSchema } from '../../components/list-kit/list-search';
import { editPanelSearch } from '../../components/form-kit/edit-panel';

/** The list's URL state: the contract's list query (URL-tolerant) plus the Add/Edit side sheet. */
export const assessmentsSearch = listSearchSchema(AssessmentListQuery, editPanelSearch);

/** Spec 03 §2: the detail's tabs, the first one the default. */
export const ASSESSMENT_TABS = ['Assessment Details', 'Outcomes', 'Questions', 'Score Matrix'] as const;
export type AssessmentTab = (typeof ASSESSMENT_TABS)[number];

/** The detail's URL state: its tab (absent: Assessment Details). */
export const assessmentDetailSearch = z.object({ tab: z.enum(ASSESSMENT_TABS).optional().catch(undefined) });
