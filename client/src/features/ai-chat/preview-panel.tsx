import { useState } from 'react';
import { Alert, Button, Card, Center, Code, Loader, Modal, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconSparkles } from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import {
  AI_CHAT_MESSAGES,
  AI_PREVIEW_TYPING_MS,
  promptText,
  tokensIn,
  type AiChatTemplateInput,
  type AiPreviewCustomInput,
} from '@app/contract';
import { errorMessage } from '../../api/errors';
import { SearchableSelect } from '../../components/form-kit';
import { memberOptions } from '../../api/member-options';
import { usePreview, useTemplateForm } from './api';
import type { PreviewKind } from './search';
import { TypedText } from '../../components/typed-text';

type PreviewSearch = { tokens?: Record<string, string>; previewAccountId?: number; preview?: PreviewKind };
type Template = Required<
  Pick<AiChatTemplateInput, 'type' | 'userPrompt' | 'developerPrompt' | 'useEmojis' | 'jsonSchema'>
>;

/** The preview body of the template as edited (spec 03 §7 field names). */
const previewFields = (t: Template) => ({
  aiTemplateType: t.type,
  userPrompt: t.userPrompt,
  developerPrompt: t.developerPrompt,
  useEmojis: t.useEmojis,
  jsonSchema: t.jsonSchema,
});

function ResultDialog({
  kind,
  body,
  onClose,
}: {
  kind: PreviewKind | undefined;
  body: AiPreviewCustomInput | null;
  onClose: () => void;
}) {
  const result = usePreview(kind, body);
  return (
    <Modal
      opened={kind !== undefined}
      onClose={onClose}
      title={kind === 'account' ? 'Account Preview' : 'Custom Preview'}
      size="lg"
      centered
    >
      {result.isPending ? (
        <Center py="xl">
          <Loader aria-label="Asking the AI" />
        </Center>
      ) : result.error ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {errorMessage(result.error)}
        </Alert>
      ) : result.data.textResponse !== null ? (
        <TypedText text={result.data.textResponse} msPerChar={AI_PREVIEW_TYPING_MS} />
      ) : (
        <Code block aria-label="JSON response">
          {JSON.stringify(result.data.jsonResponse, null, 2)}
        </Code>
      )}
    </Modal>
  );
}

/**
 * The preview panel: Custom Preview (a value per token the prompts use, kept in `tokens`) and Account
 * Preview (a member's own values); the answer opens in a dialog while `preview` is in the URL.
 */
export function PreviewPanel({ template }: { template: Template }) {
  const search = useSearch({ strict: false }) as PreviewSearch;
  const navigate = useNavigate();
  const [accountLabel, setAccountLabel] = useState<string | null>(null);
  const [accountError, setAccountError] = useState<string | undefined>();
  const form = useTemplateForm().data;
  const notConfigured = form?.status === 200 && !form.body.configured ? form.body.message : null;
  const setSearch = (patch: Partial<PreviewSearch>) =>
    void navigate({
      to: '.',
      search: (prev: Record<string, unknown>) => ({ ...prev, ...patch }),
      replace: true,
    });

  const used = tokensIn(`${promptText(template.userPrompt)}\n${promptText(template.developerPrompt)}`);
  const tokens = search.tokens ?? {};
  const body =
    search.preview === 'account'
      ? search.previewAccountId
        ? { ...previewFields(template), accountId: search.previewAccountId }
        : null
      : {
          ...previewFields(template),
          tokenValues: Object.fromEntries(used.filter((id) => tokens[id]).map((id) => [id, tokens[id]!])),
        };

  const previewAccount = () => {
    if (!search.previewAccountId) return setAccountError(AI_CHAT_MESSAGES.accountRequired);
    setSearch({ preview: 'account' });
  };

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Text fw={600}>Preview</Text>
        {notConfigured && (
          <Alert color="yellow" variant="light" icon={<IconAlertCircle size={18} />} role="status">
            {notConfigured}
          </Alert>
        )}
        {/* One row in the narrow preview column: the two tabs share it and never wrap. */}
        <Tabs
          defaultValue="custom"
          styles={{
            list: { flexWrap: 'nowrap' },
            tab: { paddingInline: 'var(--mantine-spacing-xs)', whiteSpace: 'nowrap' },
          }}
        >
          <Tabs.List grow aria-label="Preview with">
            <Tabs.Tab value="custom">Custom Preview</Tabs.Tab>
            <Tabs.Tab value="account">Account Preview</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="custom" pt="sm">
            <Stack gap="xs">
              {used.length ? (
                used.map((id) => (
                  <TextInput
                    key={id}
                    label={`{{${id}}}`}
                    value={tokens[id] ?? ''}
                    onChange={(e) => setSearch({ tokens: { ...tokens, [id]: e.currentTarget.value } })}
                  />
                ))
              ) : (
                <Text size="sm" c="dimmed">
                  The prompts use no tokens.
                </Text>
              )}
              <Button
                type="button"
                leftSection={<IconSparkles size={16} />}
                disabled={!!notConfigured}
                onClick={() => setSearch({ preview: 'custom' })}
              >
                Preview
              </Button>
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="account" pt="sm">
            <Stack gap="xs">
              <SearchableSelect
                {...memberOptions}
                label="Account"
                withAsterisk
                value={search.previewAccountId ?? null}
                selectedLabel={accountLabel}
                onChange={(value, item) => {
                  setAccountLabel(item ? memberOptions.getLabel(item) : null);
                  setAccountError(undefined);
                  setSearch({ previewAccountId: value === null ? undefined : Number(value) });
                }}
                error={accountError}
              />
              <Button
                type="button"
                leftSection={<IconSparkles size={16} />}
                disabled={!!notConfigured}
                onClick={previewAccount}
              >
                Preview
              </Button>
            </Stack>
          </Tabs.Panel>
        </Tabs>
      </Stack>
      <ResultDialog
        kind={search.preview}
        body={body as AiPreviewCustomInput | null}
        onClose={() => setSearch({ preview: undefined })}
      />
    </Card>
  );
}
