import { Accordion, Anchor, Code, Group, Loader, ScrollArea, Text } from '@mantine/core';
import { TEMPLATE_SUBJECTS, type TemplateType, type TokenInfo } from '@app/contract';
import { TokenTable } from '../../components/token-table';
import { useTokens } from './api';

/**
 * The token help: the `{{tokenId}}` syntax and every token of the registry, with the ones this template
 * type can fill first. Clicking a token inserts it into the body at the cursor.
 */
export function TokenHelp({
  templateType,
  onInsert,
}: {
  templateType: TemplateType;
  onInsert?: (token: string) => void;
}) {
  const tokens = useTokens();
  const list = tokens.data?.status === 200 ? tokens.data.body : undefined;
  const subjects = TEMPLATE_SUBJECTS[templateType];
  const usable = (t: TokenInfo) => t.subjects.some((s) => subjects.includes(s));
  const items = list ? [...list.items.filter(usable), ...list.items.filter((t) => !usable(t))] : [];
  return (
    <Accordion variant="contained" defaultValue="tokens">
      <Accordion.Item value="tokens">
        <Accordion.Control>Tokens</Accordion.Control>
        <Accordion.Panel>
          <Text size="sm" mb="xs">
            Write a token as <Code>{list?.syntax ?? '{{tokenId}}'}</Code>, e.g. <Code>{'{{firstName}}'}</Code>, in the
            subject, the preview text or the body. Each recipient gets their own value (HTML-escaped in the body); the
            preview uses the sample values. An unknown token cannot be saved.
          </Text>
          {!list && <Loader size="sm" />}
          {list && (
            <ScrollArea.Autosize mah={360} type="auto" offsetScrollbars>
              <TokenTable
                rows={items}
                verticalSpacing={4}
                fz="sm"
                stickyHeader
                rowStyle={(t) => (usable(t) ? undefined : { opacity: 0.55 })}
                token={(t) => (
                  <Group gap={4} wrap="nowrap">
                    {onInsert && usable(t) ? (
                      <Anchor
                        component="button"
                        type="button"
                        onClick={() => onInsert(`{{${t.id}}}`)}
                        aria-label={`Insert {{${t.id}}}`}
                      >
                        <Code>{`{{${t.id}}}`}</Code>
                      </Anchor>
                    ) : (
                      <Code>{`{{${t.id}}}`}</Code>
                    )}
                  </Group>
                )}
                value={(t) => (
                  <>
                    <Text size="sm" fw={500}>
                      {t.label}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {usable(t) ? t.description : `Not available in ${templateType} templates.`}
                    </Text>
                    <Text size="xs" c="dimmed">
                      e.g. {t.sample}
                    </Text>
                  </>
                )}
              />
            </ScrollArea.Autosize>
          )}
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
