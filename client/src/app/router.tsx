import { lazy, Suspense, useMemo, type ComponentType } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import {
  matchRoutes,
  Navigate,
  useLocation,
  useRoutes,
  type Location,
  type RouteObject,
} from 'react-router-dom';
import { HomePage } from '../pages/public/HomePage';
import { FullPageLoader } from '../ui/FullPageLoader';
import { GuestOnlyRoute, PrivateRoute } from './guard';
import { PublicLayout } from './layout/PublicLayout';
import { RootLayout } from './RootLayout';
import { RouteErrorPage } from './RouteErrorPage';
import { CUSTOMER, STAFF } from './routes';

interface RouteHandle {
  /** Set on the guard route of private pages. */
  private?: boolean;
  /** Loads the area module of the route's page. */
  load?: () => Promise<unknown>;
}

/**
 * A route whose page is one export of an area module. Each area is a chunk of its own that is loaded
 * with its first page: the home page carries only itself and the shell, and the public and sign-in pages
 * no staff or customer code.
 */
function inArea<Area extends Record<string, ComponentType>>(load: () => Promise<Area>) {
  return (name: keyof Area): Pick<RouteObject, 'element' | 'handle'> => {
    const Page = lazy(async () => ({ default: (await load())[name] as ComponentType }));
    const handle: RouteHandle = { load };
    return { element: <Page />, handle };
  };
}

const publicInfo = inArea(() => import('./areas/public-info'));
const signIn = inArea(() => import('./areas/sign-in'));
const firstSignIn = inArea(() => import('./areas/first-sign-in'));
const staff = inArea(() => import('./areas/staff'));
const customer = inArea(() => import('./areas/customer'));
const customerUpload = inArea(() => import('./areas/customer-upload'));
const customerChoices = inArea(() => import('./areas/customer-choices'));

const privateHandle: RouteHandle = { private: true };

/** The route table of spec section 2; `id` carries each route's name. */
export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      { id: 'RouteHome', path: '/', element: <HomePage /> },
      { id: 'RoutePublicJoin', path: '/join', ...publicInfo('JoinPage') },
      { id: 'RoutePublicContacts', path: '/contacts', ...publicInfo('ContactsPage') },
      { id: 'RoutePublicLegalPrivacyPolicy', path: '/privacy', ...publicInfo('PrivacyPolicyPage') },
      {
        id: 'PagePublicLegalInformation',
        path: '/legal-information',
        ...publicInfo('LegalInformationPage'),
      },
      {
        id: 'RouteAuth',
        path: '/auth',
        children: [
          {
            element: <GuestOnlyRoute />,
            children: [
              { id: 'RouteAuthLogin', index: true, ...signIn('LoginPage') },
              { id: 'RouteAuthPasswordReset', path: 'reset', ...signIn('PasswordResetPage') },
            ],
          },
          {
            element: <PrivateRoute roles="all" />,
            handle: privateHandle,
            children: [
              {
                id: 'RouteAuthCustomerPasswordChange',
                path: 'change-password',
                ...firstSignIn('PasswordCreatePage'),
              },
            ],
          },
        ],
      },
      {
        element: <PrivateRoute roles={STAFF} />,
        handle: privateHandle,
        children: [
          {
            id: 'RouteSecondFactorSetup',
            path: '/second-factor',
            ...firstSignIn('SecondFactorSetupPage'),
          },
        ],
      },
      { id: 'RouteNotFound', path: '*', ...publicInfo('NotFoundPage') },
    ],
  },
  {
    element: <PrivateRoute roles={STAFF} />,
    handle: privateHandle,
    children: [
      {
        ...staff('StaffLayout'),
        children: [
          { id: 'RouteDashboard', path: '/dashboard', ...staff('DashboardPage') },
          { id: 'RouteTeam', path: '/team', ...staff('TeamPage') },
          { id: 'RoutePipeline', path: '/pipeline', ...staff('PipelinePage') },
          { id: 'RouteSettings', path: '/settings', ...staff('BrokerageSettingsPage') },
          { id: 'RouteClientFormEdit', path: '/client-form-edit', ...staff('ClientFormEditPage') },
          {
            id: 'RouteClientFormUpload',
            path: '/client-form-upload',
            ...staff('ClientFormUploadPage'),
          },
          {
            id: 'RouteClient',
            path: '/client/:clientID',
            ...staff('ClientPage'),
            children: [
              { id: 'RouteClientOverview', index: true, ...staff('ClientOverviewPage') },
              { id: 'RouteClientFormCreate', path: 'form/create', ...staff('ClientFormCreatePage') },
              {
                id: 'RouteClientFormSecretEdit',
                path: 'form/:formSecret/edit',
                ...staff('ClientFormSecretEditPage'),
              },
              {
                id: 'RouteClientDocuments',
                path: 'form/:formSecret',
                ...staff('ClientDocumentsPage'),
              },
              {
                path: 'lawyer',
                children: [
                  { index: true, element: <Navigate to="selected" replace /> },
                  {
                    id: 'RouteStaffLawyerSelected',
                    path: 'selected',
                    ...staff('StaffLawyerSelectedPage'),
                  },
                  { id: 'RouteStaffLawyerStepAdd', path: 'add', ...staff('StaffLawyerStepAddPage') },
                  {
                    id: 'RouteStaffLawyerStepDetails',
                    path: 'details',
                    ...staff('StaffLawyerStepDetailsPage'),
                  },
                ],
              },
              {
                path: 'appraiser',
                children: [
                  {
                    id: 'RouteStaffAppraisersSelected',
                    index: true,
                    ...staff('StaffAppraisersSelectedPage'),
                  },
                  {
                    id: 'RouteStaffAppraisersDashboard',
                    path: 'dashboard',
                    ...staff('StaffAppraisersDashboardPage'),
                  },
                  {
                    id: 'RouteStaffAppraisersQuoteRequest',
                    path: 'quote-request',
                    ...staff('StaffAppraisersQuoteRequestPage'),
                  },
                  {
                    id: 'RouteStaffAppraisersAddDetails',
                    path: 'details',
                    ...staff('StaffAppraisersAddDetailsPage'),
                  },
                ],
              },
              { id: 'RouteEventLog', path: 'logs', ...staff('EventLogPage') },
            ],
          },
        ],
      },
    ],
  },
  {
    element: <PrivateRoute roles={CUSTOMER} />,
    handle: privateHandle,
    children: [
      {
        ...customer('CustomerLayout'),
        children: [
          { id: 'RouteCustomerRoadmap', path: '/roadmap', ...customer('RoadmapPage') },
          {
            id: 'RouteCustomerLawyer',
            path: '/lawyer',
            children: [
              { index: true, element: <Navigate to="selected" replace /> },
              {
                id: 'RouteCustomerLawyerSelected',
                path: 'selected',
                ...customerChoices('CustomerLawyerSelectedPage'),
              },
              {
                id: 'RouteCustomerLawyerStepAdd',
                path: 'add',
                ...customerChoices('CustomerLawyerStepAddPage'),
              },
              {
                id: 'RouteCustomerLawyerStepDetails',
                path: 'details',
                ...customerChoices('CustomerLawyerStepDetailsPage'),
              },
            ],
          },
          {
            path: '/appraiser',
            children: [
              { index: true, element: <Navigate to="selected" replace /> },
              {
                id: 'RouteCustomerAppraisersSelected',
                path: 'selected',
                ...customerChoices('CustomerAppraisersSelectedPage'),
              },
            ],
          },
        ],
      },
    ],
  },
  {
    element: <PrivateRoute roles={CUSTOMER} redirectBack />,
    handle: privateHandle,
    children: [
      {
        ...customer('CustomerLayout'),
        children: [
          {
            id: 'RouteUserFormUpload',
            path: '/form/:formSecret',
            ...customerUpload('UserFormUploadPage'),
          },
        ],
      },
    ],
  },
];

function matchesOf(location: Partial<Location> | string) {
  return matchRoutes(routes, location) ?? [];
}

/**
 * Starts loading the areas of every page a location shows at once (a layout's and its page's), instead
 * of each only once its parent has rendered.
 */
export function preloadAreas(location: Partial<Location> | string): void {
  for (const match of matchesOf(location))
    void (match.route.handle as RouteHandle | undefined)?.load?.().catch(() => undefined);
}

/** The page for the browser's location, in the root layout; a page that fails to render shows the error page. */
export function AppRoutes() {
  const location = useLocation();
  const page = useRoutes(routes, location);
  const onPrivatePage = useMemo(
    () => matchesOf(location).some((match) => (match.route.handle as RouteHandle | undefined)?.private),
    [location],
  );
  return (
    <ErrorBoundary FallbackComponent={RouteErrorPage} resetKeys={[location.pathname]}>
      <RootLayout onPrivatePage={onPrivatePage}>
        {/* Shown while the area of the first page opened is loading; later pages load in a transition,
            with the previous page still shown. */}
        <Suspense fallback={<FullPageLoader />}>{page}</Suspense>
      </RootLayout>
    </ErrorBoundary>
  );
}
