import { Skeleton, Stack } from '@mantine/core';
import { Navigate, useNavigate } from 'react-router-dom';
import type { ClientScope } from '../assignments/client-scope';
import { LawyerDetailsStep } from './LawyerDetailsStep';
import { readLawyerChoice, saveLawyerChoice } from './lawyer-choice';
import { lawyerPayload } from './lawyer-form';
import { LawyerSearchList } from './LawyerSearchList';
import { LawyerSelectedView } from './LawyerSelectedView';
import { OwnLawyerSection } from './OwnLawyerForm';
import { lawyerRoutes } from './routes';

/**
 * The three lawyer steps, the same for a customer and for staff; the pages put them in their frame.
 * Redirects (spec section 2): selected without a lawyer goes to add; add with a lawyer goes to
 * selected; details goes to selected when there is a lawyer and to add when nothing was chosen.
 */

function Loading() {
  return (
    <Stack gap="md">
      <Skeleton h={48} radius="md" />
      <Skeleton h={180} radius="lg" />
    </Stack>
  );
}

export function LawyerSelectedStep({ scope }: { scope: ClientScope }) {
  const { client } = scope;
  if (!client) return scope.loading ? <Loading /> : null;
  if (!client.lawyer) return <Navigate to={lawyerRoutes(scope.staff, client.id).add} replace />;
  return <LawyerSelectedView client={client} scope={scope} />;
}

export function LawyerAddStep({ scope, ownIntro }: { scope: ClientScope; ownIntro: string }) {
  const navigate = useNavigate();
  const { client } = scope;
  if (!client) return scope.loading ? <Loading /> : null;
  const routes = lawyerRoutes(scope.staff, client.id);
  if (client.lawyer) return <Navigate to={routes.selected} replace />;
  const chosen = readLawyerChoice(client.id);
  return (
    <Stack gap="xl">
      <LawyerSearchList
        customerId={client.id}
        chosenId={chosen?.kind === 'trusted' ? chosen.lawyer.id : null}
        onChoose={(lawyer) => {
          saveLawyerChoice(client.id, { kind: 'trusted', lawyer });
          navigate(routes.details);
        }}
      />
      <OwnLawyerSection
        intro={ownIntro}
        onSubmit={(values) => {
          saveLawyerChoice(client.id, { kind: 'own', lawyer: lawyerPayload(values) });
          navigate(routes.details);
        }}
      />
    </Stack>
  );
}

export function LawyerDetailsStepPage({ scope }: { scope: ClientScope }) {
  const { client } = scope;
  if (!client) return scope.loading ? <Loading /> : null;
  const routes = lawyerRoutes(scope.staff, client.id);
  if (client.lawyer) return <Navigate to={routes.selected} replace />;
  const choice = readLawyerChoice(client.id);
  if (!choice) return <Navigate to={routes.add} replace />;
  return <LawyerDetailsStep client={client} choice={choice} staff={scope.staff} />;
}
