import { POSTAL_MAIL_FOLDER, type PostalMail } from '@app/contract';
import { EntityForm, AudienceFields, ScheduledHourField, useEntityForm } from '../../components/form-kit';
import { ImageUploadField } from '../../components/upload';
import { useSavePostalMail } from './api';
import { PostalMailFormSchema, toFormValues } from './form-values';

/**
 * The Add/Edit Postal Mailing form (spec 02 §5): one zip up to 100 MB, the upload hour (hours already
 * over cannot be chosen), the invite-count bucket and the test segment it reaches.
 */
export function PostalMailForm({
  invitationId,
  mail,
  onDone,
}: {
  invitationId: number;
  mail?: PostalMail;
  onDone: () => void;
}) {
  const save = useSavePostalMail(invitationId);
  const form = useEntityForm({
    schema: PostalMailFormSchema,
    initialValues: toFormValues(mail),
    id: mail?.id,
    ...save,
    onSaved: onDone,
  });
  // The schema checks `fileId`: its errors ('File is required') go under the zip.
  const fileError = form.getInputProps('fileId' as never).error;
  return (
    <EntityForm form={form} onCancel={onDone}>
      <ImageUploadField
        kind="file"
        label="Template file"
        description="One zip file, up to 100 MB"
        required
        path={POSTAL_MAIL_FOLDER}
        value={form.values.file}
        onChange={(f) => form.setValue('file', f)}
        error={fileError}
      />
      <ScheduledHourField
        form={form}
        label="Upload"
        errorPath="uploadScheduledAt"
        note="Your local time; the zip and the CSV of recipients go to the print vendor at the start of that hour."
      />
      <AudienceFields form={form} />
    </EntityForm>
  );
}
