import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';

/**
 * Where confirm modals and notifications appear. Both are driven from outside (`modals.openConfirmModal`
 * sends a window event, `notifications.show` writes a store), so they need not wrap the screens: they
 * load after the first screen, keeping their code off the first visit's critical path.
 */
export default function Overlays() {
  return (
    <ModalsProvider>
      <Notifications position="top-right" />
    </ModalsProvider>
  );
}
