import { modals } from '@mantine/modals';

// The modals provider loads just after the first paint (see providers.tsx). `modals.open*` sends a
// window event that nobody hears before it is mounted, so a click in those first moments (a slow
// network, a busy machine) would be lost. Every dialog opens through here instead: at once when the
// provider is there, else as soon as it is.

let markReady: () => void = () => {};
const ready = new Promise<void>((resolve) => {
  markReady = resolve;
});

/** Called by the overlays once their listeners are mounted. */
export function overlaysMounted(): void {
  markReady();
}

type ConfirmProps = Parameters<typeof modals.openConfirmModal>[0];
type ModalProps = Parameters<typeof modals.open>[0];

/** `modals.openConfirmModal`, safe to call before the overlays have loaded. */
export function openConfirmModal(props: ConfirmProps): void {
  void ready.then(() => modals.openConfirmModal(props));
}

/** `modals.open`, safe to call before the overlays have loaded. */
export function openModal(props: ModalProps): void {
  void ready.then(() => modals.open(props));
}
