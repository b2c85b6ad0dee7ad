import { useState } from 'react';
import { Anchor, PasswordInput, TextInput } from '@mantine/core';
import { TwoFactorDisableInput } from '@app/contract';
import { fieldErrors } from '../../api/errors';
import { ShortForm } from '../../components/form-kit';
import { useNewRecoveryCodes, useTurnOff } from './two-factor-api';

type Props = { submitLabel: string; pending: boolean; onSubmit: Submit; onCancel: () => void };
type Submit = (body: TwoFactorDisableInput, onError: (error: unknown) => void) => void;

/** Turning two-factor sign-in off takes a current code from the app, or the password. */
export function TwoFactorOffForm({ onDone }: { onDone: () => void }) {
  const turnOff = useTurnOff();
  return (
    <CodeOrPasswordForm
      submitLabel="Turn off"
      pending={turnOff.isPending}
      onCancel={onDone}
      onSubmit={(body, onError) => turnOff.mutate({ body }, { onSuccess: onDone, onError })}
    />
  );
}

/** New recovery codes take a current code from the app, or the password; the new codes come to `onCodes`. */
export function NewRecoveryCodesForm({
  onCodes,
  onCancel,
}: {
  onCodes: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const renew = useNewRecoveryCodes();
  return (
    <CodeOrPasswordForm
      submitLabel="Make new codes"
      pending={renew.isPending}
      onCancel={onCancel}
      onSubmit={(body, onError) =>
        renew.mutate({ body }, { onSuccess: ({ body }) => onCodes(body.recoveryCodes), onError })
      }
    />
  );
}

/** Asks again who this is before a change to the second factor: a current code, or the password. */
function CodeOrPasswordForm({ submitLabel, pending, onSubmit, onCancel }: Props) {
  const [withPassword, setWithPassword] = useState(false);
  const [value, setValue] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const field = withPassword ? 'password' : 'code';

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = TwoFactorDisableInput.safeParse({ [field]: value });
    if (!parsed.success) return setErrors({ [field]: parsed.error.issues[0]!.message });
    setErrors({});
    onSubmit(parsed.data, (error) => setErrors(fieldErrors(error)));
  };
  const switchKind = () => {
    setWithPassword(!withPassword);
    setValue('');
    setErrors({});
  };
  const common = {
    value,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setValue(e.currentTarget.value),
    error: errors[field],
    maw: 320,
    // The button that opened this form is gone: the field takes the focus (and again after switching kind).
    autoFocus: true,
  };

  return (
    <ShortForm onSubmit={submit} pending={pending} onCancel={onCancel} submitLabel={submitLabel}>
      {withPassword ? (
        <PasswordInput key="password" label="Your password" autoComplete="current-password" {...common} />
      ) : (
        <TextInput
          key="code"
          label="A code from your authenticator app"
          autoComplete="one-time-code"
          inputMode="numeric"
          placeholder="123456"
          {...common}
        />
      )}
      <Anchor component="button" type="button" size="sm" onClick={switchKind} style={{ alignSelf: 'flex-start' }}>
        {withPassword ? 'Use a code from the app instead' : 'Use your password instead'}
      </Anchor>
    </ShortForm>
  );
}
