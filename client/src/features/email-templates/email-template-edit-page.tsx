import { FormPage, LoadedEntity, useBackTo } from '../../components/form-kit';
import { HistoryPanel } from '../../components/audit/history-panel';
import { emailTemplatesArea, useTemplateSettings } from './api';
import { EmailTemplateForm } from './email-template-form';

const LIST = { to: '/admin/tech/email-templates', label: 'Email Templates' };

/** /admin/tech/email-templates/new, its sender started with the society's (settings); Save and Cancel both return to the list. */
export function NewEmailTemplatePage() {
  const back = useBackTo(LIST.to);
  return (
    <FormPage list={LIST} title="Add Email Template">
      <LoadedEntity result={useTemplateSettings()}>
        {(settings) => <EmailTemplateForm sender={settings.sender} onDone={back} />}
      </LoadedEntity>
    </FormPage>
  );
}

/** /admin/tech/email-templates/{templateId}/edit */
export function EditEmailTemplatePage({ templateId }: { templateId: number }) {
  const back = useBackTo(LIST.to);
  const result = emailTemplatesArea.useDetail(templateId);
  return (
    <FormPage
      list={LIST}
      title="Edit Email Template"
      subtitle={result.data && `${result.data.body.name} · version ${result.data.body.version}`}
    >
      <LoadedEntity result={result}>
        {(template) => (
          <EmailTemplateForm
            key={template.id}
            template={template}
            onDone={back}
            history={<HistoryPanel entity="email_templates" entityId={templateId} />}
          />
        )}
      </LoadedEntity>
    </FormPage>
  );
}
