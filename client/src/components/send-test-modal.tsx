import { useState, type FormEvent, type ReactNode } from 'react';
import { Modal, TextInput } from '@mantine/core';
import { ShortForm } from './form-kit/short-form';
import { useSignedInEmail } from '../api/auth-client';

/**
 * The 'Send Test Email' dialog's frame: an intro, the caller's fields (a recipient, an email to send),
 * the address (the signed-in user's by default) and Cancel / Send Test Email. The caller validates and
 * sends in `onSubmit` and passes back field errors (`toEmail` goes under the address).
 * @example <SendTestModal intro="..." errors={errors} pending={send.isPending} onSubmit={(toEmail) => ...} onClose={close}><Select ... /></SendTestModal>
 */
export function SendTestModal(props: {
  intro: ReactNode;
  children?: ReactNode;
  errors: Record<string, string>;
  pending: boolean;
  onSubmit: (toEmail: string) => void;
  onClose: () => void;
}) {
  const signedInEmail = useSignedInEmail();
  const [toEmail, setToEmail] = useState<string | null>(null);
  const email = toEmail ?? signedInEmail;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit(email);
  };
  return (
    <Modal opened onClose={props.onClose} title="Send Test Email" size="lg">
      <ShortForm onSubmit={submit} pending={props.pending} onCancel={props.onClose} submitLabel="Send Test Email">
        {props.intro}
        {props.children}
        <TextInput
          label="Email"
          withAsterisk
          type="email"
          value={email}
          onChange={(e) => setToEmail(e.currentTarget.value)}
          error={props.errors.toEmail}
        />
      </ShortForm>
    </Modal>
  );
}
