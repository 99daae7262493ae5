import { Button, Paper, Stack, Text, UnstyledButton, Group, ThemeIcon } from '@mantine/core';
import type { ContextModalProps } from '@mantine/modals';
import { IconFolderPlus, IconPencil } from '@tabler/icons-react';
import { useRef } from 'react';
import { closePopup, openPopup } from '../../ui/popups';

/** What to do with the client's folder when the Filogix number changes: true creates a new one. */
export type FilogixFolderChoice = boolean | null;

export type PopupFilogixFolderChoiceProps = {
  previous: string;
  next: string;
  onChoose: (createFolder: FilogixFolderChoice) => void;
};

function ChoiceButton({
  icon,
  title,
  description,
  onClick,
}: {
  icon: React.ReactNode;
  title: string;
  description: string;
  onClick: () => void;
}) {
  return (
    <UnstyledButton onClick={onClick} w="100%">
      <Paper withBorder radius="md" p="md" className="hw-choice">
        <Group wrap="nowrap" align="flex-start" gap="md">
          <ThemeIcon size={38} radius="md" variant="light">
            {icon}
          </ThemeIcon>
          <Stack gap={2}>
            <Text fw={600} c="navy.9">
              {title}
            </Text>
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          </Stack>
        </Group>
      </Paper>
    </UnstyledButton>
  );
}

/** Creating a new folder (archiving the old one) or renaming the existing folder. */
export function PopupFilogixFolderChoice({ innerProps }: ContextModalProps<PopupFilogixFolderChoiceProps>) {
  const { previous, next, onChoose } = innerProps;
  const answered = useRef(false);
  const choose = (choice: FilogixFolderChoice) => {
    if (answered.current) return;
    answered.current = true;
    onChoose(choice);
    closePopup('PopupFilogixFolderChoice');
  };

  const from = previous || 'no number';
  const to = next || 'no number';
  return (
    <Stack gap="md">
      <Text size="sm" c="navy.8">
        The Filogix number changes from <b>{from}</b> to <b>{to}</b>. What should happen to the client’s
        document folder?
      </Text>
      <ChoiceButton
        icon={<IconFolderPlus size={20} />}
        title="Create a new folder"
        description="Start a new folder for the new number and archive the old one."
        onClick={() => choose(true)}
      />
      <ChoiceButton
        icon={<IconPencil size={20} />}
        title="Rename the existing folder"
        description="Keep the documents and rename the folder to the new number."
        onClick={() => choose(false)}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={() => choose(null)}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}

/** Asks the choice; resolves true (new folder), false (rename) or null (cancelled). */
export function askFilogixFolderChoice(previous: string, next: string): Promise<FilogixFolderChoice> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (choice: FilogixFolderChoice) => {
      if (settled) return;
      settled = true;
      resolve(choice);
    };
    openPopup(
      'PopupFilogixFolderChoice',
      { previous, next, onChoose: settle },
      // Closing the popup any other way (Esc, the close button, outside) counts as Cancel.
      { title: 'Filogix number changed', onClose: () => settle(null) },
    );
  });
}
