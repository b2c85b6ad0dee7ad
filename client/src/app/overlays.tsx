import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { overlaysMounted } from '../lib/overlay-gate';

/**
 * Where confirm modals and notifications appear. Both are driven from outside (`modals.openConfirmModal`
 * sends a window event, `notifications.show` writes a store), so they need not wrap the screens: they
 * load after the first screen, keeping their code off the first visit's critical path.
 */
export default function Overlays() {
  // Children's effects run first: by now ModalsProvider listens for the open events.
  useEffect(overlaysMounted, []);
  return (
    <ModalsProvider>
      <Notifications position="top-right" />
    </ModalsProvider>
  );
}
