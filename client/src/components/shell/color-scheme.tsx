import { useState } from 'react';
import {
  ActionIcon,
  Center,
  Menu,
  SegmentedControl,
  Tooltip,
  useComputedColorScheme,
  useMantineColorScheme,
  type MantineColorScheme,
} from '@mantine/core';
import { IconCheck, IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';

/** The three choices; the provider's colorSchemeManager keeps the choice in local storage. */
export const colorSchemeOptions = [
  { value: 'light', label: 'Light', icon: IconSun },
  { value: 'dark', label: 'Dark', icon: IconMoon },
  { value: 'auto', label: 'System', icon: IconDeviceDesktop },
] as const satisfies ReadonlyArray<{ value: MantineColorScheme; label: string; icon: unknown }>;

/** Header button: shows the scheme in use, offers Light, Dark and System. */
export function ColorSchemeMenu() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light');
  const CurrentIcon = computed === 'dark' ? IconMoon : IconSun;
  const [opened, setOpened] = useState(false);
  return (
    <Menu position="bottom-end" width={160} hideDetached={false} opened={opened} onChange={setOpened}>
      <Menu.Target>
        <Tooltip label="Theme" disabled={opened}>
          <ActionIcon variant="default" size="lg" radius="md" aria-label="Theme">
            <CurrentIcon size={18} stroke={1.6} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        {colorSchemeOptions.map(({ value, label, icon: Icon }) => (
          <Menu.Item
            key={value}
            leftSection={<Icon size={16} stroke={1.6} />}
            rightSection={colorScheme === value ? <IconCheck size={14} /> : null}
            onClick={() => setColorScheme(value)}
          >
            {label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The same choice as a segmented control, for the Appearance dialog. */
export function ColorSchemeControl() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <SegmentedControl
      fullWidth
      aria-label="Color scheme"
      value={colorScheme}
      onChange={(value) => setColorScheme(value as MantineColorScheme)}
      data={colorSchemeOptions.map(({ value, label, icon: Icon }) => ({
        value,
        label: (
          <Center style={{ gap: 8 }}>
            <Icon size={16} stroke={1.6} />
            <span>{label}</span>
          </Center>
        ),
      }))}
    />
  );
}
