import { useState } from 'react';
import { Anchor, PasswordInput, TextInput } from '@mantine/core';
import { TwoFactorDisableInput } from '@app/contract';
import { fieldErrors } from '../../api/errors';
import { ShortForm } from '../../components/form-kit';
import { useTurnOff } from './two-factor-api';

/** Turning two-factor sign-in off takes a current code from the app, or the password. */
export function TwoFactorOffForm({ onDone }: { onDone: () => void }) {
  const [withPassword, setWithPassword] = useState(false);
  const [value, setValue] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const turnOff = useTurnOff();
  const field = withPassword ? 'password' : 'code';

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = TwoFactorDisableInput.safeParse({ [field]: value });
    if (!parsed.success) return setErrors({ [field]: parsed.error.issues[0]!.message });
    setErrors({});
    turnOff.mutate({ body: parsed.data }, { onSuccess: onDone, onError: (error) => setErrors(fieldErrors(error)) });
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
    'data-autofocus': true,
  };

  return (
    <ShortForm onSubmit={submit} pending={turnOff.isPending} onCancel={onDone} submitLabel="Turn off">
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
