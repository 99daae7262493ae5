import {
  Anchor,
  Box,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconBrandLinkedin,
  IconHeadset,
  IconMail,
  IconMapPin,
  IconPhone,
  IconPrinter,
  IconUserCircle,
  IconAddressBook,
} from '@tabler/icons-react';
import { formatPhone } from '@machines/phone';
import { brokerage } from '../../app/page-settings';
import { LoginCallToAction, MarketingFigures } from './marketing';

/** The brokerage's general contacts, as its principal broker keeps them. */
function generalContacts() {
  const b = brokerage();
  return [
    { icon: IconPhone, label: 'Phone', value: formatPhone(b.phone), href: `tel:+${b.phone}` },
    ...(b.fax ? [{ icon: IconPrinter, label: 'Fax', value: formatPhone(b.fax) }] : []),
    { icon: IconMapPin, label: 'Address', value: b.address },
    { icon: IconMail, label: 'Email', value: b.email, href: `mailto:${b.email}` },
    ...(b.socialUrl
      ? [
          {
            icon: IconBrandLinkedin,
            label: 'Social',
            value: new URL(b.socialUrl).hostname.replace(/^www\./, ''),
            href: b.socialUrl,
          },
        ]
      : []),
  ];
}

const DEPARTMENTS = [
  { icon: IconHeadset, name: 'Support', text: 'Help with your account, sign-in and document uploads.' },
  { icon: IconAddressBook, name: 'Contacts', text: 'General questions about Homeward and our services.' },
  { icon: IconUserCircle, name: 'Agents', text: 'Talk to a mortgage agent about your application.' },
];

/** RoutePublicContacts. */
export function ContactsPage() {
  return (
    <Container size="lg" py={{ base: 40, sm: 64 }}>
      <Stack gap={48}>
        <Card radius="lg" padding={0} withBorder>
          <Box p={{ base: 'lg', sm: 40 }} bg="petrol.0">
            <Stack gap="lg">
              <Title order={1} c="navy.9" fz={{ base: 28, sm: 38 }}>
                Apply for a financing fast and secure
              </Title>
              <MarketingFigures />
              <Box>
                <LoginCallToAction />
              </Box>
            </Stack>
          </Box>
        </Card>

        <Stack gap="md">
          <Title order={2} c="navy.9">
            General contacts
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
            {generalContacts().map((item) => (
              <Group key={item.label} wrap="nowrap" align="flex-start" gap="md">
                <ThemeIcon variant="light" size={40} radius="md">
                  <item.icon size={20} stroke={1.6} />
                </ThemeIcon>
                <Stack gap={0}>
                  <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.5}>
                    {item.label}
                  </Text>
                  {item.href ? (
                    <Anchor
                      href={item.href}
                      fw={500}
                      target={item.href.startsWith('http') ? '_blank' : undefined}
                      rel="noreferrer"
                    >
                      {item.value}
                    </Anchor>
                  ) : (
                    <Text fw={500}>{item.value}</Text>
                  )}
                </Stack>
              </Group>
            ))}
          </SimpleGrid>
        </Stack>

        <Stack gap="md">
          <Title order={2} c="navy.9">
            Departments
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            {DEPARTMENTS.map((department) => (
              <Card key={department.name} withBorder radius="lg" padding="lg">
                <Stack gap="sm" h="100%">
                  <ThemeIcon variant="light" size={40} radius="md">
                    <department.icon size={20} stroke={1.6} />
                  </ThemeIcon>
                  <Text fw={700} size="lg" c="navy.9">
                    {department.name}
                  </Text>
                  <Text size="sm" c="dimmed" style={{ flex: 1 }}>
                    {department.text}
                  </Text>
                  <Button variant="light" type="button">
                    Contact
                  </Button>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        </Stack>
      </Stack>
    </Container>
  );
}
