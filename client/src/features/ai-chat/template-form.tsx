import { Badge, Grid, Group, Select, Stack, Switch, Text, TextInput, Tooltip } from '@mantine/core';
import {
  AI_CHAT_TEMPLATE_TYPES,
  AI_JSON_SCHEMA_NAMES,
  AiChatTemplateInput,
  aiChatContract,
  EMPTY_RICH_TEXT,
  applyTypeRules,
  type AiChatTemplate,
  type AiChatTemplateType,
  type AiFunctionCall,
  type AiJsonSchemaName,
  type RichTextDoc,
} from '@app/contract';
import { EntityForm, FormSection, useEntityForm } from '../../components/form-kit';
import { RichTextEditor } from '../../components/rich-text';
import { SAVE_TEMPLATE_META, aiChatTemplatesArea, useTemplateForm } from './api';
import { PreviewPanel } from './preview-panel';
import { useMay, usePermissions } from '../../api/permissions';

type Values = {
  name: string;
  type: AiChatTemplateType;
  userPrompt: RichTextDoc;
  developerPrompt: RichTextDoc;
  useEmojis: boolean;
  functionCalls: AiFunctionCall[];
  jsonSchema: AiJsonSchemaName | null;
};

const toFormValues = (t?: AiChatTemplate): Values => ({
  name: t?.name ?? '',
  type: t?.type ?? 'Chat',
  userPrompt: t?.userPrompt ?? EMPTY_RICH_TEXT,
  developerPrompt: t?.developerPrompt ?? EMPTY_RICH_TEXT,
  useEmojis: t?.useEmojis ?? false,
  functionCalls: t?.functionCalls ?? [],
  jsonSchema: t?.jsonSchema ?? null,
});

/** The two rich-text prompts, each with its error under it. */
const PROMPTS = [
  ['userPrompt', 'User Prompt'],
  ['developerPrompt', 'Developer Prompt'],
] as const;

const FUNCTIONS: { id: AiFunctionCall; label: string }[] = [
  { id: 'save_goal', label: 'Save goal (save_goal)' },
  { id: 'update_goal', label: 'Update goal (update_goal)' },
];

/** The tokens a prompt may use, from the shared registry. */
function TokenList() {
  const form = useTemplateForm().data;
  const tokens = form?.status === 200 ? form.body.tokens : [];
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        Tokens
      </Text>
      <Group gap={6}>
        {tokens.map((t) => (
          <Tooltip key={t.id} label={`${t.label}: ${t.description}`}>
            <Badge variant="light" tt="none" ff="monospace">{`{{${t.id}}}`}</Badge>
          </Tooltip>
        ))}
      </Group>
    </Stack>
  );
}

/**
 * The Template tab (spec 03 §2, §4): name, type with its rules (Programmatic: no emojis, no function calls;
 * the schema only for Programmatic; the function-call toggles only for Chat), the rich-text prompts with
 * the token list, and beside them the preview panel on the values as edited (for accounts that may ask for a
 * preview: it is a write of aiChat, as it spends on the provider). Read-only for an account that may not save.
 */
export function TemplateForm({
  template,
  onSaved,
  onCancel,
}: {
  template?: AiChatTemplate;
  onSaved: (result: unknown) => void;
  onCancel: () => void;
}) {
  const save = aiChatTemplatesArea.useSave(SAVE_TEMPLATE_META);
  const form = useEntityForm({
    schema: AiChatTemplateInput,
    initialValues: toFormValues(template),
    id: template?.id,
    ...save,
    onSaved,
  });
  const v = form.values;
  const readOnly = !useMay('write');
  const mayPreview = usePermissions().can(aiChatContract.previewCustom);
  const setType = (type: string | null) => {
    if (!type) return;
    const next = applyTypeRules({ ...v, type: type as AiChatTemplateType });
    form.setValue('type', next.type);
    form.setValue('useEmojis', next.useEmojis);
    form.setValue('functionCalls', next.functionCalls);
    form.setValue('jsonSchema', next.jsonSchema);
  };
  const toggle = (id: AiFunctionCall, on: boolean) =>
    form.setValue(
      'functionCalls',
      on ? [...v.functionCalls.filter((f) => f !== id), id] : v.functionCalls.filter((f) => f !== id),
    );

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: mayPreview ? 8 : 12 }}>
        <EntityForm form={form} onCancel={onCancel} lockFields>
          <FormSection title="Template">
            <TextInput label="Name" withAsterisk maxLength={254} {...form.getInputProps('name')} />
            <Select
              label="Type"
              withAsterisk
              data={[...AI_CHAT_TEMPLATE_TYPES]}
              value={v.type}
              onChange={setType}
              allowDeselect={false}
              error={form.errors.type}
            />
            <Select
              label="Schema"
              placeholder="No schema"
              data={[...AI_JSON_SCHEMA_NAMES]}
              value={v.jsonSchema}
              onChange={(s) => form.setValue('jsonSchema', s as AiJsonSchemaName | null)}
              disabled={v.type !== 'Programmatic'}
              clearable
              error={form.errors.jsonSchema}
            />
            <Switch
              label="Use emojis"
              checked={v.useEmojis}
              disabled={v.type === 'Programmatic'}
              onChange={(e) => form.setValue('useEmojis', e.currentTarget.checked)}
            />
            {v.type === 'Chat' &&
              FUNCTIONS.map((f) => (
                <Switch
                  key={f.id}
                  label={f.label}
                  checked={v.functionCalls.includes(f.id)}
                  onChange={(e) => toggle(f.id, e.currentTarget.checked)}
                />
              ))}
          </FormSection>
          <FormSection title="Prompts" gap="md">
            <TokenList />
            {PROMPTS.map(([key, label]) => (
              <Stack key={key} gap={4}>
                <RichTextEditor
                  label={label}
                  readOnly={readOnly}
                  value={v[key]}
                  onChange={(doc) => form.setValue(key, doc)}
                />
                {form.errors[key] && (
                  <Text size="sm" c="red">
                    {form.errors[key]}
                  </Text>
                )}
              </Stack>
            ))}
          </FormSection>
        </EntityForm>
      </Grid.Col>
      {mayPreview && (
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <PreviewPanel template={v} />
        </Grid.Col>
      )}
    </Grid>
  );
}
