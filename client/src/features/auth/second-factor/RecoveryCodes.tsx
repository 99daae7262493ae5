import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCopy, IconDownload, IconInfoCircle } from '@tabler/icons-react';
import { copyText } from '../../customers/clipboard';
import { saveText } from '../../../ui/save-file';
import { toast, toastError } from '../../../ui/toast';

const FILE_NAME = 'homeward-recovery-codes.txt';

function asText(codes: string[]): string {
  return [
    'Homeward recovery codes',
    'Each code signs you in once if you lose your phone.',
    '',
    ...codes,
    '',
  ].join('\n');
}

/** The recovery codes, shown once right after two-factor sign-in is turned on. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <Stack gap="md">
      <Alert variant="light" color="yellow" icon={<IconInfoCircle size={18} />}>
        Save these recovery codes. Each one signs you in once if you lose your phone. They will not be shown
        again.
      </Alert>
      <Paper withBorder radius="md" p="md" bg="gray.0">
        <SimpleGrid
          cols={2}
          spacing="xs"
          verticalSpacing={6}
          component="ul"
          aria-label="Recovery codes"
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {codes.map((code) => (
            <Text
              key={code}
              component="li"
              ff="monospace"
              fz="md"
              fw={600}
              ta="center"
              style={{ letterSpacing: '0.08em' }}
            >
              {code}
            </Text>
          ))}
        </SimpleGrid>
      </Paper>
      <Group grow gap="sm">
        <Button
          variant="default"
          leftSection={<IconCopy size={16} />}
          onClick={() =>
            void copyText(codes.join('\n')).then(
              () => toast.success('Recovery codes copied'),
              (error: unknown) => toastError(error),
            )
          }
        >
          Copy
        </Button>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          onClick={() => saveText(asText(codes), FILE_NAME)}
        >
          Download
        </Button>
      </Group>
      <Button size="md" onClick={onDone}>
        Done
      </Button>
    </Stack>
  );
}
