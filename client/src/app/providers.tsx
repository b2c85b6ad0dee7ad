import type { PropsWithChildren } from 'react';
import { MantineProvider, localStorageColorSchemeManager } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { tsr } from '../api/tsr';
import { theme } from './theme';

export const colorSchemeManager = localStorageColorSchemeManager({ key: 'color-scheme' });

/** Theme, notifications, modals and data: shared by the app and by client tests. */
export function Providers({ queryClient, env = 'default', children }: PropsWithChildren<{ queryClient: QueryClient; env?: 'default' | 'test' }>) {
  return (
    // env="test" turns off transitions and portal checks that happy-dom cannot measure.
    <MantineProvider theme={theme} defaultColorScheme="auto" colorSchemeManager={colorSchemeManager} env={env}>
      <QueryClientProvider client={queryClient}>
        <tsr.ReactQueryProvider>
          <ModalsProvider>
            <Notifications position="top-right" />
            {children}
          </ModalsProvider>
        </tsr.ReactQueryProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
