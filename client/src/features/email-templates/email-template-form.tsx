import type { ReactNode } from 'react';
import { Suspense, lazy, useMemo, useRef } from 'react';
import { Input, SimpleGrid, Skeleton, Stack, Switch, TextInput } from '@mantine/core';
import type { ReactCodeMirrorRef } from '@uiw/react-codemirror';
import {
  BODY_FORMATS,
  EmailTemplateInput,
  TEMPLATE_TYPES,
  emailTemplateRules,
  type EmailTemplate,
  type EmailTemplateSettings,
} from '@app/contract';
import { EntityForm, EnumSelect, FormSection, useEntityForm } from '../../components/form-kit';
import { emailTemplatesArea, useTemplateSettings, useTokens } from './api';
import { toFormValues } from './form-values';
import { TemplatePreview } from './template-preview';
import { TokenHelp } from './token-help';

// CodeMirror is downloaded with this form only (its own chunk), never with the other screens.
const BodyEditor = lazy(() => import('./body-editor'));

const FORMAT_LABELS = BODY_FORMATS.map((f) => ({ value: f, label: f.toUpperCase() }));

/**
 * The email template form (spec 03 §3, §5): every field, the body in a code editor beside a live
 * preview rendered on the server, and the token help. Saving with a template updates it (a new
 * version), otherwise creates one.
 */
export function EmailTemplateForm({
  template,
  sender,
  onDone,
  history,
}: {
  template?: EmailTemplate;
  sender?: EmailTemplateSettings['sender'];
  onDone: () => void;
  /** The record's History panel, shown in the form's flow above the sticky Cancel / Save bar. */
  history?: ReactNode;
}) {
  const save = emailTemplatesArea.useSave();
  const settings = useTemplateSettings().data;
  const tokens = useTokens().data;
  // The whole rule (domain, tokens) once the server has said what they are; the fields' rules meanwhile.
  const schema = useMemo(
    () =>
      settings?.status === 200 && tokens?.status === 200
        ? emailTemplateRules({ emailDomain: settings.body.emailDomain, tokens: tokens.body.items })
        : EmailTemplateInput,
    [settings, tokens],
  );
  const form = useEntityForm({
    schema,
    initialValues: toFormValues(template, sender),
    id: template?.id,
    ...save,
    onSaved: onDone,
  });
  const v = form.values;
  const editor = useRef<ReactCodeMirrorRef>(null);
  const domain = settings?.status === 200 ? settings.body.emailDomain : undefined;

  const insertToken = (token: string) => {
    const view = editor.current?.view;
    if (!view) return form.setValue('body', `${v.body ?? ''}${token}`);
    view.dispatch(view.state.replaceSelection(token));
    view.focus();
  };
  const bodyProps = form.getInputProps('body');

  return (
    <EntityForm form={form} onCancel={onDone}>
      <FormSection title="Template">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
          <TextInput label="Name" withAsterisk maxLength={255} {...form.getInputProps('name')} />
          <EnumSelect
            label="Template Type"
            withAsterisk
            values={TEMPLATE_TYPES}
            {...form.getInputProps('templateType')}
          />
          <EnumSelect label="Body Format" withAsterisk values={FORMAT_LABELS} {...form.getInputProps('bodyFormat')} />
          <Switch label="Enabled" mt={{ sm: 'xl' }} {...form.getInputProps('enabled', { type: 'checkbox' })} />
        </SimpleGrid>
        <TextInput label="Subject" withAsterisk maxLength={255} {...form.getInputProps('subject')} />
        <TextInput
          label="Preview Text"
          withAsterisk
          maxLength={255}
          description="Shown after the subject in most inboxes"
          {...form.getInputProps('preview')}
        />
      </FormSection>

      <FormSection title="Sender">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" verticalSpacing="sm">
          <TextInput label="From Name" withAsterisk {...form.getInputProps('fromName')} />
          <TextInput
            label="From Email"
            withAsterisk
            type="email"
            placeholder={domain && `name@${domain}`}
            {...form.getInputProps('fromEmail')}
          />
          <TextInput
            label="Reply To"
            withAsterisk
            type="email"
            placeholder={domain && `name@${domain}`}
            {...form.getInputProps('replyToEmail')}
          />
        </SimpleGrid>
      </FormSection>

      <FormSection title="Body">
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg" verticalSpacing="lg">
          <div>
            <Stack gap="sm">
              <Input.Wrapper
                label={`Body (${(v.bodyFormat ?? 'mjml').toUpperCase()})`}
                withAsterisk
                error={bodyProps.error}
                labelElement="div"
              >
                <Suspense fallback={<Skeleton height={500} />}>
                  <BodyEditor
                    editorRef={editor}
                    label="Body"
                    value={v.body ?? ''}
                    onChange={(value) => form.setValue('body', value)}
                    invalid={!!bodyProps.error}
                  />
                </Suspense>
              </Input.Wrapper>
              <TokenHelp templateType={v.templateType ?? 'Invitation'} onInsert={insertToken} />
            </Stack>
          </div>
          <div>
            <TemplatePreview
              draft={{
                subject: v.subject ?? '',
                body: v.body ?? '',
                bodyFormat: v.bodyFormat ?? 'mjml',
                preview: v.preview ?? '',
                templateType: v.templateType ?? 'Invitation',
              }}
            />
          </div>
        </SimpleGrid>
      </FormSection>
      {history}
    </EntityForm>
  );
}
