import { Badge, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { personName } from '@machines/customer.rules';
import { ContactCard } from '../assignments/ContactCard';
import { shortDay } from '../../ui/date-time';
import type { Appraiser } from './types';

export function formatDay(iso: string | null | undefined): string {
  if (!iso) return '';
  return shortDay(new Date(iso));
}

/** Where an appraiser works and for which banks, as small badges. */
export function AppraiserCoverage({ appraiser }: { appraiser: Appraiser }) {
  return (
    <Group gap={6} wrap="wrap">
      {appraiser.locations.map((location) => (
        <Badge key={`l-${location.name}`} size="sm" variant="light" color="petrol" radius="sm" tt="none">
          {location.name}
        </Badge>
      ))}
      {appraiser.banks.map((bank) => (
        <Badge key={`b-${bank.name}`} size="sm" variant="outline" color="navy" radius="sm" tt="none">
          {bank.name}
        </Badge>
      ))}
    </Group>
  );
}

/** An appraiser's contact card with locations, banks and the dates of this client's file. */
export function AppraiserCard({
  appraiser,
  eyebrow,
  badges,
  actions,
  showQuoteDate = true,
}: {
  appraiser: Appraiser;
  /** Staff see when this client's quote request went out; customers do not. */
  showQuoteDate?: boolean;
  eyebrow?: ReactNode;
  badges?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <ContactCard
      data-testid="selected-appraiser"
      eyebrow={eyebrow}
      name={personName(appraiser)}
      phone={appraiser.phone_number}
      email={appraiser.email}
      badges={badges}
      actions={actions}
    >
      <AppraiserCoverage appraiser={appraiser} />
      {((showQuoteDate && appraiser.sent_date) || appraiser.assignation_date) && (
        <Group gap="lg">
          {showQuoteDate && appraiser.sent_date && (
            <Text size="xs" c="dimmed">
              Quote requested {formatDay(appraiser.sent_date)}
            </Text>
          )}
          {appraiser.assignation_date && (
            <Text size="xs" c="dimmed">
              Added {formatDay(appraiser.assignation_date)}
            </Text>
          )}
        </Group>
      )}
    </ContactCard>
  );
}
