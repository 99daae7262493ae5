import { Anchor, Container, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCertificate, IconPhone } from '@tabler/icons-react';
import { formatPhone } from '@machines/phone';
import { brokerage } from '../../app/page-settings';

/** PagePublicLegalInformation. */
export function LegalInformationPage() {
  const { name, licenceNumber, phone } = brokerage();
  return (
    <Container size="md" py={{ base: 40, sm: 64 }}>
      <Stack gap="lg">
        <Title order={1} c="navy.9">
          Legal information
        </Title>
        <Paper withBorder radius="lg" p="lg">
          <Group wrap="nowrap" align="flex-start" gap="md">
            <ThemeIcon variant="light" size={40} radius="md">
              <IconCertificate size={22} stroke={1.6} />
            </ThemeIcon>
            <Stack gap={4}>
              <Text fw={600} c="navy.9">
                {name}
              </Text>
              <Text c="gray.8">
                Licensed mortgage brokerage, Financial Services Regulatory Authority of Ontario (FSRA)
                brokerage licence number {licenceNumber}.
              </Text>
            </Stack>
          </Group>
        </Paper>
        <Paper withBorder radius="lg" p="lg">
          <Group wrap="nowrap" align="flex-start" gap="md">
            <ThemeIcon variant="light" size={40} radius="md">
              <IconPhone size={22} stroke={1.6} />
            </ThemeIcon>
            <Stack gap={4}>
              <Text fw={600} c="navy.9">
                Questions about our licence or a complaint
              </Text>
              <Anchor href={`tel:+${phone}`} fw={500}>
                {formatPhone(phone)}
              </Anchor>
            </Stack>
          </Group>
        </Paper>
      </Stack>
    </Container>
  );
}
