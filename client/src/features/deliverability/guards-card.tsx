import { useState } from 'react';
import { Badge, Button, Card, Divider, Group, Modal, Stack, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { guardRate, ratePercent } from '@app/contract';
import { Can } from '../../api/permissions';
import { guardRoutes, useGuards } from '../../api/deliverability-guards';
import { PauseList } from '../../components/guard-pauses';
import { CardBody } from './card-body';
import { ScopeRates } from './guard-rates';
import { GuardRulesForm, ruleText } from './guard-rules-form';

const CAMPAIGNS_SHOWN = 5;

/**
 * The bounce and complaint guards (issue 37 §3) on the deliverability page: the account's rates over 24 hours and
 * 7 days against EMAIL_PAUSE_BOUNCE_RATE and EMAIL_PAUSE_COMPLAINT_RATE, the campaigns with the highest bounce
 * rates, the live pauses with Resume, and the rules per kind with Edit rules.
 */
export function GuardsCard() {
  const guards = useGuards();
  const [editing, setEditing] = useState(false);
  const data = guards.data?.status === 200 ? guards.data.body : undefined;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label="Bounce and complaint guards">
      <Stack gap="sm">
        <Text fw={600} size="sm">
          Bounce and complaint guards
        </Text>
        <CardBody body={data} error={guards.error} onRetry={() => void guards.refetch()}>
          {(data) => (
            <>
              {data.pauses.length > 0 && <PauseList pauses={data.pauses} />}
              <ScopeRates scope={data.account} thresholds={data.thresholds} />
              <Text size="xs" c="dimmed">
                A campaign (or the whole account) at either limit over at least{' '}
                {data.thresholds.minSends.toLocaleString('en-US')} sends gets no new reminder until it is resumed, and
                the staff who sent it are emailed.
              </Text>
              {data.campaigns.length > 0 && (
                <>
                  <Divider label="Campaigns, last 7 days" labelPosition="left" />
                  {data.campaigns.slice(0, CAMPAIGNS_SHOWN).map((c) => (
                    <Group key={c.invitationId} justify="space-between" gap="xs" wrap="nowrap">
                      <Text size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                        {c.name}
                      </Text>
                      <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
                        <Badge variant="light" color="gray">
                          {ratePercent(guardRate(c.week.bounced, c.week.sent))} bounced
                        </Badge>
                        <Badge variant="light" color="gray">
                          {ratePercent(guardRate(c.week.complained, c.week.sent))} complaints
                        </Badge>
                      </Group>
                    </Group>
                  ))}
                </>
              )}
              <Divider label="Rules per kind" labelPosition="left" />
              <Group justify="space-between" align="flex-start" gap="xs">
                <Stack gap={2}>
                  {data.rules.map((r) => (
                    <Text key={r.kind} size="sm">
                      {ruleText(r)}
                    </Text>
                  ))}
                </Stack>
                <Can call={guardRoutes.saveRules}>
                  <Button
                    size="compact-sm"
                    variant="default"
                    leftSection={<IconPencil size={14} />}
                    onClick={() => setEditing(true)}
                  >
                    Edit rules
                  </Button>
                </Can>
              </Group>
              <Modal opened={editing} onClose={() => setEditing(false)} title="Bounce and complaint rules">
                <GuardRulesForm rules={data.rules} onDone={() => setEditing(false)} />
              </Modal>
            </>
          )}
        </CardBody>
      </Stack>
    </Card>
  );
}
