import { Anchor, Avatar, Group, Paper, Stack, Text, type PaperProps } from '@mantine/core';
import { IconBuilding, IconMail, IconMapPin, IconPhone } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatPhone } from '@machines/phone';
import { EmailText } from '../../ui/EmailText';

export interface ContactCardProps extends Omit<PaperProps, 'children'> {
  name: string;
  /** A small caption above the name ('Broker', 'Your lawyer'). */
  eyebrow?: ReactNode;
  company?: string | null;
  /** Stored as '1' followed by 10 digits; shown as +1 416 555 0100. */
  phone?: string | null;
  email?: string | null;
  address?: string | null;
  /** Badges beside the name. */
  badges?: ReactNode;
  /** More facts under the contacts. */
  children?: ReactNode;
  /** Buttons at the bottom of the card. */
  actions?: ReactNode;
  compact?: boolean;
}

function Line({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Group gap={8} wrap="nowrap" align="flex-start">
      <Text span c="dimmed" lh={1} pt={3} style={{ flexShrink: 0 }}>
        {icon}
      </Text>
      <Text component="div" size="sm" c="navy.9" style={{ minWidth: 0, flex: 1, overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

/** A person to reach: name, company, phone, e-mail and address, with optional badges and actions. */
export function ContactCard({
  name,
  eyebrow,
  company,
  phone,
  email,
  address,
  badges,
  children,
  actions,
  compact = false,
  ...paper
}: ContactCardProps) {
  return (
    <Paper withBorder radius="lg" p={compact ? 'sm' : { base: 'md', sm: 'lg' }} {...paper}>
      <Stack gap={compact ? 'xs' : 'sm'}>
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Avatar name={name} color="initials" radius="xl" size={compact ? 'md' : 'lg'} />
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            {eyebrow && (
              <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.5}>
                {eyebrow}
              </Text>
            )}
            <Group gap={8} wrap="wrap">
              <Text fw={700} c="navy.9" fz={compact ? 'sm' : 'md'} style={{ overflowWrap: 'anywhere' }}>
                {name}
              </Text>
              {badges}
            </Group>
            {company && !compact && (
              <Group gap={6} wrap="nowrap">
                <IconBuilding size={14} color="var(--mantine-color-dimmed)" />
                <Text size="sm" c="dimmed">
                  {company}
                </Text>
              </Group>
            )}
          </Stack>
        </Group>
        <Stack gap={6}>
          {company && compact && <Line icon={<IconBuilding size={14} />}>{company}</Line>}
          {phone && (
            <Line icon={<IconPhone size={14} />}>
              <Anchor href={`tel:+${phone.replace(/\D/g, '')}`} size="sm">
                {formatPhone(phone)}
              </Anchor>
            </Line>
          )}
          {email && (
            <Line icon={<IconMail size={14} />}>
              <Anchor href={`mailto:${email}`} size="sm">
                <EmailText email={email} />
              </Anchor>
            </Line>
          )}
          {address && <Line icon={<IconMapPin size={14} />}>{address}</Line>}
        </Stack>
        {children}
        {actions && (
          <Group gap="xs" wrap="wrap" pt={4}>
            {actions}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
