import { Center, Loader, Stack, Text } from '@mantine/core';

export function FullPageLoader({ label }: { label?: string }) {
  return (
    <Center mih="60vh" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader size="lg" />
        {label && (
          <Text c="dimmed" size="sm">
            {label}
          </Text>
        )}
      </Stack>
    </Center>
  );
}
