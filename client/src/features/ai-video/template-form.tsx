import { Alert, Select, Table, Text, TextInput, Textarea } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { AiVideoTemplateInput, type AiVideoTemplate, type TokenInfo } from '@app/contract';
import { EntityForm, FormSection, SearchableSelect, useEntityForm } from '../../components/form-kit';
import { aiVideoTemplatesArea, providerTemplateOptions, useTemplateForm } from './api';

type Values = { name: string; externalId: string; summary: string; variables: Record<string, string> };

const toFormValues = (t?: AiVideoTemplate): Values => ({
  name: t?.name ?? '',
  externalId: t?.externalId ?? '',
  summary: t?.summary ?? '',
  variables: t?.variables ?? {},
});

/** Each provider variable with a token choice; a mapping whose variable the provider no longer has is listed too, to be cleared. */
function VariableMapping(props: {
  names: string[];
  tokens: TokenInfo[];
  values: Record<string, string>;
  errors: Record<string, string>;
  onChange: (values: Record<string, string>) => void;
}) {
  const options = props.tokens.map((t) => ({ value: t.id, label: `${t.label} ({{${t.id}}})` }));
  if (!props.names.length)
    return (
      <Text size="sm" c="dimmed">
        This provider template has no variables.
      </Text>
    );
  const set = (name: string, tokenId: string | null) => {
    const next = { ...props.values };
    if (tokenId) next[name] = tokenId;
    else delete next[name];
    props.onChange(next);
  };
  return (
    <Table.ScrollContainer minWidth={280}>
      <Table verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Provider variable</Table.Th>
            <Table.Th>Token</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.names.map((name) => (
            <Table.Tr key={name}>
              <Table.Td>
                <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
                  {name}
                </Text>
              </Table.Td>
              <Table.Td>
                <Select
                  aria-label={`Token for ${name}`}
                  placeholder="Choose a token"
                  data={options}
                  searchable
                  clearable
                  value={props.values[name] ?? null}
                  onChange={(v) => set(name, v)}
                  error={props.errors[`variables.${name}`]}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * The Template tab (spec 03 §2): name, the provider's template (a selector paging by 20) and each of its
 * variables mapped to a product token. Without a configured provider the selector says so plainly.
 */
export function TemplateForm({
  template,
  onSaved,
  onCancel,
}: {
  template?: AiVideoTemplate;
  onSaved: (result: unknown) => void;
  onCancel: () => void;
}) {
  const save = aiVideoTemplatesArea.useSave();
  const form = useEntityForm({
    schema: AiVideoTemplateInput,
    initialValues: toFormValues(template),
    id: template?.id,
    ...save,
    onSaved,
  });
  const v = form.values;
  const choices = useTemplateForm({ externalId: v.externalId || undefined }).data;
  const info = choices?.status === 200 ? choices.body : undefined;
  const providerNames = info?.variables.map((x) => x.name) ?? [];
  const external = form.getInputProps('externalId');
  const names = [...providerNames, ...Object.keys(v.variables).filter((n) => !providerNames.includes(n))];

  return (
    <EntityForm form={form} onCancel={onCancel} lockFields>
      <FormSection title="Template">
        <TextInput label="Name" withAsterisk maxLength={254} {...form.getInputProps('name')} />
        {info?.message && (
          <Alert
            color={info.configured ? 'red' : 'yellow'}
            variant="light"
            icon={<IconAlertCircle size={18} />}
            role="status"
          >
            {info.message}
          </Alert>
        )}
        <SearchableSelect
          {...providerTemplateOptions}
          label="Provider Template"
          withAsterisk
          disabled={info ? !info.configured : false}
          value={v.externalId || null}
          selectedLabel={v.externalId || null}
          onChange={(value) => external.onChange(value === null ? '' : String(value))}
          error={external.error}
        />
        <Textarea label="Summary" rows={3} maxLength={2000} {...form.getInputProps('summary')} />
      </FormSection>
      {v.externalId && (
        <FormSection title="Variables">
          <VariableMapping
            names={names}
            tokens={info?.tokens ?? []}
            values={v.variables}
            errors={form.errors}
            onChange={(next) => form.setValue('variables', next)}
          />
        </FormSection>
      )}
    </EntityForm>
  );
}
