import type { EmailTemplate, EmailTemplateSettings } from '@app/contract';
import type { FormValuesOf } from '../../components/form-kit';

export type EmailTemplateFormValues = FormValuesOf<typeof import('@app/contract').EmailTemplateInput>;

/** A new MJML template's body: a section with a text block, ready to edit. */
export const STARTER_MJML = `<mjml>
  <mj-body background-color="#f4f5f7">
    <mj-section background-color="#ffffff" padding="24px">
      <mj-column>
        <mj-text font-size="16px" line-height="24px">
          Dear {{firstName}},
        </mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>
`;

/** The form's start: the template's values, or a new one (mjml, Invitation, enabled, the society's sender: spec 03 §3). */
export function toFormValues(
  template?: EmailTemplate,
  sender?: EmailTemplateSettings['sender'],
): EmailTemplateFormValues {
  if (!template) {
    return {
      name: '',
      subject: '',
      body: STARTER_MJML,
      bodyFormat: 'mjml',
      templateType: 'Invitation',
      preview: '',
      enabled: true,
      fromName: sender?.fromName ?? '',
      fromEmail: sender?.fromEmail ?? '',
      replyToEmail: sender?.replyToEmail ?? '',
    };
  }
  const { id, version, createdAt, updatedAt, updatedBy, ...fields } = template;
  return fields;
}
