// The shell's floating controls (menus, the sidebar's ScrollArea), loaded right after the first paint: see ./deferred-controls.
export { ScrollArea } from '@mantine/core';
export { ColorSchemeMenu } from './color-scheme';
export { UserMenu } from './user-menu';
