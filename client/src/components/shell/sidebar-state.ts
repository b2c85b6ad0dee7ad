import { useState } from 'react';
import { useDisclosure, useHotkeys, useMediaQuery } from '@mantine/hooks';

export const SIDEBAR_COOKIE = 'sidebar_state';
const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7; // spec 01 §9: remembered for 7 days

/** Mantine's `sm` breakpoint is 48em = 768px, the spec's mobile breakpoint. */
export const MOBILE_QUERY = '(max-width: 47.99em)';

/** The desktop sidebar is open unless the cookie says `false`. */
export function readSidebarOpen(cookie: string = document.cookie): boolean {
  const match = cookie.match(/(?:^|;\s*)sidebar_state=(true|false)(?:;|$)/);
  return match ? match[1] === 'true' : true;
}

export function writeSidebarOpen(open: boolean) {
  document.cookie = `${SIDEBAR_COOKIE}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; samesite=lax`;
}

/**
 * Desktop: open sidebar or a narrow icon rail, kept in a cookie. Mobile: an overlay that starts closed
 * and is not remembered. Ctrl+B (Cmd+B on a Mac) toggles whichever applies; Mantine's `mod` matches
 * either key, and the hotkey is ignored inside inputs and rich-text editors, where it means bold.
 */
export function useSidebarState() {
  const isMobile = useMediaQuery(MOBILE_QUERY) ?? false;
  const [desktopOpen, setDesktopOpen] = useState(readSidebarOpen);
  const [mobileOpen, mobile] = useDisclosure(false);

  const toggleDesktop = () => {
    setDesktopOpen(!desktopOpen);
    writeSidebarOpen(!desktopOpen);
  };
  const toggle = () => (isMobile ? mobile.toggle() : toggleDesktop());
  useHotkeys([
    ['mod+b', toggle],
    ['Escape', mobile.close, { preventDefault: false }],
  ]);

  return {
    isMobile,
    desktopOpen,
    mobileOpen,
    toggle,
    toggleDesktop,
    toggleMobile: mobile.toggle,
    closeMobile: mobile.close,
  };
}

/** How to show the shortcut on this machine. */
export const toggleShortcut =
  typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent)
    ? '⌘B'
    : 'Ctrl+B';
