import { useCallback, useRef, useState, type ReactNode } from 'react';
import { ActionIcon, Button, Menu, Text } from '@mantine/core';
import { IconCash, IconChevronDown, IconGift } from '@tabler/icons-react';
import { REVENUE_PER_JOIN, paymentsContract } from '@app/contract';
import { usePermissions } from '../../api/permissions';
import { openConfirmModal } from '../../lib/overlay-gate';
import { FormDrawer } from '../form-kit';
import { DeferredTooltip } from '../deferred-tooltip';
import { useWaiveFee, type FeeSubject } from './api';
import { RecordPaymentForm, type FeeTarget } from './record-payment-form';

/** Spec 02's fee per join (the server's MEMBERSHIP_FEE_CENTS default): the form starts from it. */
const FEE_CENTS = REVENUE_PER_JOIN * 100;

/**
 * The staff side of the join funnel for a list's rows (issue 23): `menu(target)` is the row's Payment menu
 * ('Record Payment', 'Complete Without Payment'), `panel` the Record Payment drawer to render once beside
 * the list. `subject` says whether the rows are accounts (members, pledges) or invitees; `compact` makes the
 * menu's button an icon (for wide lists such as the invitees').
 * @example const fee = useFeeActions('account'); ... render: (m) => fee.menu({ id: m.id, name: m.fullname, email: m.email }) ... {fee.panel}
 */
export function useFeeActions(
  subject: FeeSubject,
  { compact = false } = {},
): { menu: (target: FeeTarget) => ReactNode; panel: ReactNode } {
  const [recording, setRecording] = useState<FeeTarget | null>(null);
  const waive = useWaiveFee(subject);
  const confirmWaive = (t: FeeTarget) =>
    openConfirmModal({
      title: 'Complete Without Payment',
      children: (
        <Text size="sm">
          Waive the membership fee of {t.name} ({t.email})? They become a member and get the Welcome Email (No Payment)
          once.
        </Text>
      ),
      labels: { confirm: 'Complete Without Payment', cancel: 'Cancel' },
      onConfirm: () => waive(t.id, {}),
    });
  // Stable, so a list's memoised columns keep it; the confirm always uses this render's mutation.
  const latestWaive = useRef(confirmWaive);
  latestWaive.current = confirmWaive;
  const menu = useCallback(
    (t: FeeTarget) => (
      <Menu position="bottom-end" withinPortal>
        {compact ? (
          <DeferredTooltip label="Payment">
            <Menu.Target>
              <ActionIcon variant="subtle" color="green" aria-label={`Payment of ${t.name}`}>
                <IconCash size={16} />
              </ActionIcon>
            </Menu.Target>
          </DeferredTooltip>
        ) : (
          <Menu.Target>
            <Button
              variant="subtle"
              size="xs"
              color="green"
              leftSection={<IconCash size={14} />}
              rightSection={<IconChevronDown size={12} />}
              aria-label={`Payment of ${t.name}`}
            >
              Payment
            </Button>
          </Menu.Target>
        )}
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconCash size={14} />} onClick={() => setRecording(t)}>
            Record Payment
          </Menu.Item>
          <Menu.Item leftSection={<IconGift size={14} />} onClick={() => latestWaive.current(t)}>
            Complete Without Payment
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    ),
    [compact],
  );
  const panel = (
    <FormDrawer opened={!!recording} onClose={() => setRecording(null)} title="Record Payment">
      {recording && (
        <RecordPaymentForm
          key={recording.id}
          subject={subject}
          target={recording}
          feeCents={FEE_CENTS}
          onDone={() => setRecording(null)}
        />
      )}
    </FormDrawer>
  );
  // Record Payment and Complete Without Payment need payments:write (the calls they make).
  const mayRecord = usePermissions().can(paymentsContract.recordForAccount);
  return { menu: mayRecord ? menu : () => null, panel };
}
