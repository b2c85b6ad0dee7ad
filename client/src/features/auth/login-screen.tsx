import { useSearch } from '@tanstack/react-router';
import { LoginPage } from './login-page';

/** /login: the sign-in page, with its `redirect` and `forgot` from the address. */
export function LoginScreen() {
  const { redirect, forgot } = useSearch({ from: '/login' });
  return (
    <main>
      <LoginPage redirect={redirect} forgot={forgot !== undefined && forgot !== false} />
    </main>
  );
}
