import { Group, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconHomeHeart } from '@tabler/icons-react';
import { Link } from 'react-router-dom';

export function LogoMark({ size = 34 }: { size?: number }) {
  return (
    <ThemeIcon
      size={size}
      radius="md"
      variant="gradient"
      gradient={{ from: 'petrol.7', to: 'petrol.4', deg: 135 }}
    >
      <IconHomeHeart size={Math.round(size * 0.62)} stroke={1.8} />
    </ThemeIcon>
  );
}

/** The product logo as a link. */
export function Logo({ to, inverted = false }: { to: string; inverted?: boolean }) {
  return (
    <UnstyledButton component={Link} to={to} aria-label="Homeward home">
      <Group gap={10} wrap="nowrap">
        <LogoMark />
        <Text fw={800} fz={21} lts={-0.3} c={inverted ? 'white' : 'navy.8'}>
          Homeward
        </Text>
      </Group>
    </UnstyledButton>
  );
}
