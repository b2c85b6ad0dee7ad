import { z } from 'zod';
import { c } from './c.js';
import { meta } from './common/access.js';
import { ErrorBody } from './common/error.js';
import { IdParam, STORABLE_TEXT, idNumber, nullableText, refId, requiredText } from './common/fields.js';
import { paged, queryText } from './common/list.js';
import { TokenInfo } from './tokens.js';
import {
  AI_VIDEO_STATUSES,
  AiVideoListQuery,
  AiVideoTemplateListQuery,
  type AiVideoStatus,
} from './list-queries/ai-video.js';

export * from './list-queries/ai-video.js';

/** Preview only when generated; delete when generated, failed to delete, failed to generate or rejected. */
export const AI_VIDEO_PREVIEWABLE: readonly AiVideoStatus[] = ['generated'];
export const AI_VIDEO_DELETABLE: readonly AiVideoStatus[] = [
  'generated',
  'failed to delete',
  'failed to generate',
  'rejected',
];
/** Spec 03 §9: the provider template selector pages by 20. */
export const PROVIDER_TEMPLATE_PAGE_SIZE = 20;
/** Spec 03 §9: the video list refreshes once, 5 s after a generate. */
export const AI_VIDEO_REFRESH_MS = 5000;

export const AI_VIDEO_MESSAGES = {
  nameRequired: 'Name is required',
  nameLength: 'Name must be 3 to 254 characters',
  externalIdRequired: 'ExternalId is required',
  accountRequired: 'Account is required',
  templateRequired: 'Template is required',
  saved: 'AI Video saved successfully.',
  templateSaved: 'AI Video Template saved successfully.',
  deleteTitle: 'Error deleting AI Video Template',
  deleteMessage: 'Sorry there was an error deleting the AI Video Template',
  noVideoUrl: 'Something went wrong trying to fetch the video.',
  notConfigured: 'The video provider is not configured (set VIDEO_API_KEY)',
  unresolved: 'Every token must be resolved before generating',
  unknownToken: 'Unknown token',
} as const;

const count = z.number().int().nonnegative();

/** Provider variable name -> product token id (`firstName`, ...: GET /api/admin/tokens). */
export const VariableMap = z.record(
  z
    .string()
    .trim()
    .min(1, 'Variable name is required')
    .max(200)
    .regex(STORABLE_TEXT, 'A variable name contains an invalid character'),
  z
    .string({ invalid_type_error: 'Choose a token' })
    .trim()
    .min(1, 'Choose a token')
    .max(100)
    .regex(STORABLE_TEXT, 'A token contains an invalid character'),
);

export const AiVideoTemplate = z.object({
  id: z.number().int(),
  name: z.string(),
  externalId: z.string().describe("The provider's template id"),
  summary: z.string().nullable(),
  variables: z.record(z.string()).describe('Provider variable -> token id'),
  videoCount: count,
  updatedAt: z.string(),
  createdAt: z.string(),
});
export type AiVideoTemplate = z.infer<typeof AiVideoTemplate>;

export const AiVideoTemplateInput = z.object({
  name: z
    .string({ required_error: AI_VIDEO_MESSAGES.nameRequired, invalid_type_error: AI_VIDEO_MESSAGES.nameRequired })
    .trim()
    .min(1, AI_VIDEO_MESSAGES.nameRequired)
    .min(3, AI_VIDEO_MESSAGES.nameLength)
    .max(254, AI_VIDEO_MESSAGES.nameLength),
  externalId: requiredText(AI_VIDEO_MESSAGES.externalIdRequired, 200, 'ExternalId must be 200 characters or less'),
  summary: nullableText(2000, 'Summary'),
  variables: VariableMap.default({}),
});
export type AiVideoTemplateInput = z.input<typeof AiVideoTemplateInput>;

export const ProviderTemplate = z.object({ id: z.string(), name: z.string(), thumbnailUrl: z.string().nullable() });
export type ProviderTemplate = z.infer<typeof ProviderTemplate>;
export const ProviderVariable = z.object({ name: z.string(), type: z.string() });
export type ProviderVariable = z.infer<typeof ProviderVariable>;

export const AiVideoTemplateFormQuery = z.object({
  page: z.coerce
    .number({ message: 'page must be a number' })
    .int()
    .min(1, 'page must be 1 or more')
    .max(100_000)
    .default(1),
  search: queryText,
  /** The chosen provider template: its variables come back in `variables`. */
  externalId: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((v) => v || undefined),
});
export type AiVideoTemplateFormQuery = z.input<typeof AiVideoTemplateFormQuery>;

/**
 * What the Template tab needs: the provider's templates (a page of 20), the chosen one's variables and
 * the token registry. `configured` false: no VIDEO_API_KEY; `providerError`: the provider failed (both say why in `message`).
 */
export const AiVideoTemplateForm = z.object({
  configured: z.boolean(),
  message: z.string().nullable(),
  providerTemplates: paged(ProviderTemplate),
  variables: z.array(ProviderVariable),
  tokens: z.array(TokenInfo),
});
export type AiVideoTemplateForm = z.infer<typeof AiVideoTemplateForm>;

export const AiVideo = z.object({
  id: z.number().int(),
  name: z.string(),
  account: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  template: z.object({ id: z.number().int(), name: z.string() }),
  status: z.enum(AI_VIDEO_STATUSES),
  videoUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  /** Why it failed or was rejected (the provider's words), else null. */
  emptyMessage: z.string().nullable(),
  updatedAt: z.string(),
  createdAt: z.string(),
});
export type AiVideo = z.infer<typeof AiVideo>;

const templateId = refId(AI_VIDEO_MESSAGES.templateRequired);
const accountId = refId(AI_VIDEO_MESSAGES.accountRequired);

/** Generate body: the template, the member, and a name (default: the template's name and the member's). */
export const AiVideoInput = z.object({ templateId, accountId, name: nullableText(254, 'Name') });
export type AiVideoInput = z.input<typeof AiVideoInput>;

export const AiVideoFormInput = z.object({ templateId, accountId });
export type AiVideoFormInput = z.input<typeof AiVideoFormInput>;

export const ResolvedToken = z.object({ id: z.string(), label: z.string(), value: z.string().nullable() });
export type ResolvedToken = z.infer<typeof ResolvedToken>;
/** The template's mapped tokens for the member: resolved ones with their value, unresolved ones with null (shown n/a). */
export const AiVideoForm = z.object({
  tokensResolvedResult: z.object({ resolvedTokens: z.array(ResolvedToken), unresolvedTokens: z.array(ResolvedToken) }),
});
export type AiVideoForm = z.infer<typeof AiVideoForm>;

export const AiVideoPreview = z.object({ videoUrl: z.string().nullable() });
export type AiVideoPreview = z.infer<typeof AiVideoPreview>;

/** The video's id as digits (the provider echoes the URL as given) and its signed token. */
export const AiVideoCallbackQuery = z.object({
  id: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, 'id must be a positive number')
    .transform(Number),
  token: z.string().max(200).optional(),
});

const TEMPLATE = '/admin/ai-video/template';
const VIDEO = '/admin/ai-video/video';

export const aiVideoContract = c.router(
  {
    listTemplates: {
      method: 'GET',
      path: TEMPLATE,
      query: AiVideoTemplateListQuery,
      responses: { 200: paged(AiVideoTemplate) },
      summary: 'List AI video templates (search by name) with their video counts',
    },
    templateForm: {
      method: 'GET',
      path: `${TEMPLATE}/form`,
      query: AiVideoTemplateFormQuery,
      responses: { 200: AiVideoTemplateForm },
      summary: "The Template tab's choices: a page of the provider's templates, the chosen one's variables, the tokens",
    },
    createTemplate: {
      method: 'POST',
      path: TEMPLATE,
      body: AiVideoTemplateInput,
      responses: { 201: AiVideoTemplate, 400: ErrorBody },
      summary: 'Create an AI video template',
    },
    getTemplate: {
      method: 'GET',
      path: `${TEMPLATE}/:id`,
      pathParams: IdParam,
      responses: { 200: AiVideoTemplate, 404: ErrorBody },
      summary: 'One AI video template',
    },
    updateTemplate: {
      method: 'PATCH',
      path: `${TEMPLATE}/:id`,
      pathParams: IdParam,
      body: AiVideoTemplateInput,
      responses: { 200: AiVideoTemplate, 400: ErrorBody, 404: ErrorBody },
      summary: 'Update an AI video template',
    },
    removeTemplate: {
      method: 'DELETE',
      path: `${TEMPLATE}/:id`,
      pathParams: IdParam,
      body: c.noBody(),
      responses: { 204: c.noBody(), 404: ErrorBody, 409: ErrorBody },
      summary: 'Delete an AI video template that has no videos left (deleted ones go with it)',
    },
    templateVideos: {
      method: 'GET',
      path: `${TEMPLATE}/:id/video`,
      pathParams: IdParam,
      responses: { 200: z.object({ items: z.array(AiVideo) }), 404: ErrorBody },
      summary: "The template's generated videos, newest first (at most 100)",
    },
    listVideos: {
      method: 'GET',
      path: `${VIDEO}/:templateId/list`,
      pathParams: z.object({ templateId: idNumber('templateId') }),
      query: AiVideoListQuery,
      responses: { 200: paged(AiVideo), 404: ErrorBody },
      summary: "A template's videos (filters accountName and status)",
    },
    videoForm: {
      method: 'POST',
      path: `${VIDEO}/form`,
      body: AiVideoFormInput,
      responses: { 200: AiVideoForm, 400: ErrorBody, 404: ErrorBody },
      summary: "The template's tokens resolved for the member (unresolved ones have a null value)",
    },
    createVideo: {
      method: 'POST',
      path: VIDEO,
      body: AiVideoInput,
      responses: { 201: AiVideo, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      summary: 'Generate a personalized video (queued; its status moves on by itself)',
    },
    previewVideo: {
      method: 'GET',
      path: `${VIDEO}/:id/preview`,
      pathParams: IdParam,
      responses: { 200: AiVideoPreview, 404: ErrorBody, 409: ErrorBody },
      summary: "A generated video's playable URL (null when the provider has none)",
    },
    removeVideo: {
      method: 'DELETE',
      path: `${VIDEO}/:id`,
      pathParams: IdParam,
      body: c.noBody(),
      responses: { 200: AiVideo, 404: ErrorBody, 409: ErrorBody },
      summary: 'Delete a video here and at the provider (status deleting, then deleted or failed to delete)',
    },
    callback: {
      method: 'POST',
      path: '/public/ai-video/callback',
      query: AiVideoCallbackQuery,
      body: z.unknown(),
      responses: { 200: z.object({ ok: z.literal(true) }), 403: ErrorBody, 404: ErrorBody },
      summary: "The provider's callback when a video is done (signed token in the URL; only when PUBLIC_URL is set)",
      metadata: meta.public,
    },
  },
  { metadata: meta.area('aiVideo') },
);
