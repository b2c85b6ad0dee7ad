import { lazy, Suspense, useEffect, useState, type PropsWithChildren } from 'react';
import { MantineProvider, localStorageColorSchemeManager } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { cssVariablesResolver, theme } from './theme';

export const colorSchemeManager = localStorageColorSchemeManager({ key: 'color-scheme' });

const Overlays = lazy(() => import('./overlays'));

/** Mounts the overlays once the first screen has painted, so their code does not compete with it. */
function DeferredOverlays() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const id = setTimeout(() => setReady(true), 0);
    return () => clearTimeout(id);
  }, []);
  return ready ? (
    <Suspense fallback={null}>
      <Overlays />
    </Suspense>
  ) : null;
}

/** Theme, notifications, modals and data: shared by the app and by client tests. */
export function Providers({
  queryClient,
  env = 'default',
  children,
}: PropsWithChildren<{ queryClient: QueryClient; env?: 'default' | 'test' }>) {
  return (
    // env="test" turns off transitions and portal checks that happy-dom cannot measure.
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
      colorSchemeManager={colorSchemeManager}
      env={env}
      // The app's stylesheet holds them (src/app/theme-css.ts); tests need none.
      withCssVariables={false}
    >
      <QueryClientProvider client={queryClient}>
        {children}
        <DeferredOverlays />
      </QueryClientProvider>
    </MantineProvider>
  );
}
