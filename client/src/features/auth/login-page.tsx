import { useState } from 'react';
import { Anchor, PasswordInput, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { LoginBody, type CurrentAccount } from '@app/contract';
import { authClient } from '../../api/auth-client';
import { fieldErrors } from '../../api/errors';
import { PublicCard } from '../../components/public-card';
import { PublicForm } from '../../components/public-form';
import { accountQueries } from './api';
import { CodeStep } from './code-step';
import { FORGOT_TEXTS, ForgotPasswordStep } from './forgot-password-step';

/**
 * Where to go after signing in: the target parsed as a URL against the site's origin, kept only when that
 * origin is the site's own (browsers read `/\\host` and `/<tab>/host` as another host); else `home`.
 */
export function safeRedirect(target: string | undefined, home = '/admin', origin = window.location.origin): string {
  if (!target) return home;
  let url: URL;
  try {
    url = new URL(target, origin);
  } catch {
    return home;
  }
  if (url.origin !== origin) return home;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Home after sign-in without a redirect: staff to the dashboard, members to their events. */
export const homeOf = (account: { admin: boolean }) => (account.admin ? '/admin' : '/member');

/** Where a new sign-in goes: the set-up of two-factor sign-in first when staff must have one (REQUIRE_STAFF_2FA). */
export const afterSignIn = (account: CurrentAccount, redirect: string | undefined) =>
  account.mustSetUpTwoFactor ? '/admin/profile' : safeRedirect(redirect, homeOf(account));

/** `forgot`: open on "Forgot password?" (the join page sends a member without a password here). */
export function LoginPage({ redirect, forgot = false }: { redirect?: string; forgot?: boolean }) {
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [step, setStep] = useState<'password' | 'code' | 'forgot'>(forgot ? 'forgot' : 'password');
  const login = authClient.auth.login.useMutation({ meta: { silentError: true } });

  const signedIn = (account: CurrentAccount) => {
    queryClient.setQueryData(accountQueries.current, { status: 200, body: account, headers: new Headers() });
    // A full navigation so every screen starts from the signed-in state.
    window.location.assign(afterSignIn(account, redirect));
  };

  const backToPassword = () => {
    login.reset();
    setPassword('');
    setStep('password');
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = LoginBody.safeParse({ email, password });
    if (!parsed.success) {
      setErrors(fieldErrors({ body: { issues: parsed.error.issues } }));
      return;
    }
    setErrors({});
    login.mutate(
      { body: parsed.data },
      {
        onSuccess: (res) => {
          if (res.status === 202) setStep('code');
          else signedIn(res.body.account);
        },
        onError: (error) => setErrors(fieldErrors(error)),
      },
    );
  };

  return (
    <PublicCard width={380}>
      {step === 'code' ? (
        <CodeStep onSignedIn={signedIn} onBack={backToPassword} />
      ) : step === 'forgot' ? (
        <ForgotPasswordStep email={email} onBack={backToPassword} />
      ) : (
        <PublicForm
          onSubmit={submit}
          call={login}
          fieldErrors={errors}
          title="Sign in"
          submitLabel="Sign in"
          footer={
            <Anchor component="button" type="button" size="sm" onClick={() => setStep('forgot')}>
              {FORGOT_TEXTS.link}
            </Anchor>
          }
        >
          <TextInput
            label="Email"
            name="email"
            type="email"
            autoComplete="username"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={errors.email}
            required
          />
          <PasswordInput
            label="Password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={errors.password}
            required
          />
        </PublicForm>
      )}
    </PublicCard>
  );
}
