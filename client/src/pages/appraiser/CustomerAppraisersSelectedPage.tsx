import { Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconHomeSearch } from '@tabler/icons-react';
import { AppraiserSelectedView } from '../../features/appraisers/AppraiserSelectedView';
import { useClientScope } from '../../features/assignments/client-scope';
import { CustomerPageFrame } from '../../features/assignments/CustomerPageFrame';
import { useCurrentUser } from '../../features/auth/session';

/** RouteCustomerAppraisersSelected: the customer's appraiser, or a note that there is none yet. */
export function CustomerAppraisersSelectedPage() {
  const user = useCurrentUser();
  const scope = useClientScope();
  const { client } = scope;
  return (
    <CustomerPageFrame title={`${user?.first_name ?? ''}! Your appraiser contact details`}>
      {!client ? (
        scope.loading ? (
          <Skeleton h={180} radius="lg" />
        ) : null
      ) : client.appraiser ? (
        <AppraiserSelectedView client={client} scope={scope} />
      ) : (
        <Paper withBorder radius="lg" p="xl" style={{ borderStyle: 'dashed' }}>
          <Stack align="center" gap={6}>
            <IconHomeSearch size={28} color="var(--mantine-color-dimmed)" />
            <Text fw={600} c="navy.9">
              The appraiser has not been added yet
            </Text>
            <Text size="sm" c="dimmed" ta="center">
              Your mortgage agent chooses the appraiser. You will see their contact details here.
            </Text>
          </Stack>
        </Paper>
      )}
    </CustomerPageFrame>
  );
}
