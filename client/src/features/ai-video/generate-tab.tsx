import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, Group, Loader, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconVideo } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { AiVideoInput, type AiVideoTemplate, type ResolvedToken } from '@app/contract';
import { errorMessage, fieldErrors } from '../../api/errors';
import { SearchableSelect, issuesToErrors } from '../../components/form-kit';
import { memberOptions } from '../../api/member-options';
import { TokenTable } from '../../components/token-table';
import { useGenerateVideo, useTemplateForm, useVideoForm } from './api';

/** The template's tokens for the member: each one's label and `{{id}}`, and its value (n/a when unresolved). */
function MemberTokens({ rows }: { rows: ResolvedToken[] }) {
  return (
    <Table.ScrollContainer minWidth={280}>
      <TokenTable
        rows={rows}
        verticalSpacing="xs"
        aria-label="Tokens"
        token={(t) => (
          <>
            <Text size="sm">{t.label}</Text>
            <Text size="xs" c="dimmed" ff="monospace">{`{{${t.id}}}`}</Text>
          </>
        )}
        value={(t) =>
          t.value === null ? (
            <Text size="sm" c="red">
              n/a
            </Text>
          ) : (
            <Text size="sm" style={{ overflowWrap: 'break-word' }}>
              {t.value}
            </Text>
          )
        }
      />
    </Table.ScrollContainer>
  );
}

/**
 * The Generate tab (spec 03 §2): a member, a name, and the template's tokens resolved for that member
 * (unresolved ones show n/a and keep Generate disabled). After a generate the screen shows the Videos tab
 * and reloads it once, 5 s later.
 */
export default function GenerateTab({ template }: { template: AiVideoTemplate }) {
  const navigate = useNavigate();
  const [accountId, setAccountId] = useState<number | null>(null);
  const [accountLabel, setAccountLabel] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const tokens = useVideoForm({ templateId: template.id, accountId: accountId ?? undefined });
  const generate = useGenerateVideo(() => {
    void navigate({ to: '.', search: () => ({ tab: 'Videos', refresh: Date.now() }) });
  });

  // The same answer the Template tab reads (cached): whether a provider is configured at all.
  const choices = useTemplateForm({}).data;
  const notConfigured = choices?.status === 200 && !choices.body.configured ? choices.body.message : null;
  const result = tokens.data;
  const unresolved = result?.unresolvedTokens.length ?? 0;
  const rows = result ? [...result.resolvedTokens, ...result.unresolvedTokens] : [];
  const ready = accountId !== null && !!result && unresolved === 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { templateId: template.id, accountId, name: name || null };
    const parsed = AiVideoInput.safeParse(body);
    if (!parsed.success) return setErrors(issuesToErrors(parsed.error.issues));
    setErrors({});
    await generate.mutateAsync({ body: parsed.data }).catch((err: unknown) => setErrors(fieldErrors(err)));
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {notConfigured && (
          <Alert color="yellow" variant="light" icon={<IconAlertCircle size={18} />} role="status">
            {notConfigured}
          </Alert>
        )}
        <Card withBorder radius="md" padding="lg">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
            <SearchableSelect
              {...memberOptions}
              label="Account"
              withAsterisk
              value={accountId}
              selectedLabel={accountLabel}
              onChange={(value, item) => {
                setAccountId(value === null ? null : Number(value));
                setAccountLabel(item ? memberOptions.getLabel(item) : null);
                setErrors(({ accountId: _gone, ...rest }) => rest);
              }}
              error={errors.accountId}
            />
            <TextInput
              label="Name"
              maxLength={254}
              placeholder={`${template.name} - member name`}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={errors.name}
            />
          </SimpleGrid>
          {errors.templateId && (
            <Text size="sm" c="red" mt="xs">
              {errors.templateId}
            </Text>
          )}
        </Card>
        {accountId !== null && (
          <Card withBorder radius="md" padding="lg" aria-label="Tokens of the member">
            {tokens.isPending ? (
              <Loader aria-label="Loading" />
            ) : tokens.error ? (
              <Alert color="red" icon={<IconAlertCircle size={18} />}>
                {errorMessage(tokens.error)}
              </Alert>
            ) : rows.length ? (
              <MemberTokens rows={rows} />
            ) : (
              <Text size="sm" c="dimmed">
                This template maps no tokens.
              </Text>
            )}
            {unresolved > 0 && (
              <Text size="sm" c="red" mt="xs">
                {unresolved === 1 ? 'A token has' : `${unresolved} tokens have`} no value for this member: Generate is
                not possible.
              </Text>
            )}
          </Card>
        )}
        <Group justify="flex-end">
          <Button
            type="submit"
            leftSection={<IconVideo size={16} />}
            disabled={!!notConfigured || (accountId !== null && !ready)}
            loading={generate.isPending}
          >
            Generate
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
