import { Box, Card, Center, Container, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconFileUpload, IconRoute, IconUsersGroup } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useCurrentUser } from '../../features/auth/session';
import { RoadmapCardSkeleton } from '../../features/roadmap/RoadmapCard';
import { LoginCallToAction, MarketingFigures } from './marketing';
import { RoadmapPreview } from './RoadmapPreview';

// Only a signed-in customer reads their own steps here; visitors never load it.
const RoadmapSummary = lazy(() =>
  import('../../features/roadmap/RoadmapSummary').then((m) => ({ default: m.RoadmapSummary })),
);

const HIGHLIGHTS = [
  {
    icon: IconRoute,
    title: 'A clear roadmap',
    text: 'Follow each step of your mortgage, from the application to signing, and always know what comes next.',
  },
  {
    icon: IconFileUpload,
    title: 'Secure document upload',
    text: 'Send the documents your broker asks for in one place, and see when each one has been checked.',
  },
  {
    icon: IconUsersGroup,
    title: 'Your whole team',
    text: 'Reach your broker, assistant, lawyer and appraiser with their contact details at hand.',
  },
];

/** RouteHome. */
export function HomePage() {
  const user = useCurrentUser();
  return (
    <>
      <Box
        py={{ base: 56, sm: 96 }}
        style={{
          background:
            'radial-gradient(1200px 500px at 85% -10%, rgba(80, 169, 179, 0.35), transparent 60%), linear-gradient(135deg, var(--mantine-color-navy-9) 0%, var(--mantine-color-petrol-9) 100%)',
        }}
      >
        <Container size="lg">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48}>
            <Stack gap="xl" maw={680}>
              <Title order={1} c="white" fz={{ base: 34, sm: 48 }} lh={1.1} fw={800}>
                Apply for a Financing fast and Secure
              </Title>
              <Text c="gray.2" fz={{ base: 'md', sm: 'lg' }} maw={560}>
                Homeward connects you with your mortgage broker: apply online, upload your documents securely
                and follow every step until your file is ready for funding.
              </Text>
              <Box>
                <LoginCallToAction color="petrol.4" c="navy.9" />
              </Box>
              <MarketingFigures inverted />
            </Stack>
            <Center visibleFrom="md">
              {user?.role === 'customer' ? (
                <Suspense fallback={<RoadmapCardSkeleton />}>
                  <RoadmapSummary />
                </Suspense>
              ) : (
                <RoadmapPreview />
              )}
            </Center>
          </SimpleGrid>
        </Container>
      </Box>
      <Container size="lg" py={{ base: 48, sm: 72 }}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {HIGHLIGHTS.map((item) => (
            <Card key={item.title} withBorder radius="lg" padding="lg">
              <ThemeIcon size={44} radius="md" variant="light">
                <item.icon size={24} stroke={1.6} />
              </ThemeIcon>
              <Text fw={700} c="navy.9" mt="md" size="lg">
                {item.title}
              </Text>
              <Text c="dimmed" size="sm" mt={6}>
                {item.text}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
    </>
  );
}
