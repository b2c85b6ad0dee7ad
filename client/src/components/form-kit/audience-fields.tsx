import { INVITE_COUNT_BUCKETS, TEST_SEGMENTS } from '@app/contract';
import { EnumSelect } from './fields';
import type { FormBinder } from './use-entity-form';

/**
 * Whom a scheduled reminder or postal mailing reaches (spec 02 §5): the invite-count bucket and the test
 * segment, bound to the form's `inviteCount` and `testValue`.
 *
 * @example <AudienceFields form={form} />
 */
export function AudienceFields({ form }: { form: FormBinder }) {
  return (
    <>
      <EnumSelect
        label="Invite Count"
        values={INVITE_COUNT_BUCKETS}
        allowDeselect={false}
        {...form.getInputProps('inviteCount')}
      />
      <EnumSelect label="Test" values={TEST_SEGMENTS} allowDeselect={false} {...form.getInputProps('testValue')} />
    </>
  );
}
