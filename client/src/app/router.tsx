import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { HomePage } from '../pages/public/HomePage';
import { FullPageLoader } from '../ui/FullPageLoader';
import { GuestOnlyRoute, PrivateRoute } from './guard';
import { PublicLayout } from './layout/PublicLayout';
import { RootLayout } from './RootLayout';
import { RouteErrorPage } from './RouteErrorPage';
import { CUSTOMER, STAFF } from './routes';
import type { RouteHandle } from './SessionEffects';

/**
 * A route whose component is one export of an area module. Each area is a chunk of its own that is loaded
 * with its first page: the home page carries only itself and the shell, and the public and sign-in pages
 * no staff or customer code.
 */
function inArea<Area extends Record<string, ComponentType>>(load: () => Promise<Area>) {
  return (name: keyof Area) => async () => ({ Component: (await load())[name] });
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
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    // Shown while the area of the first page opened is loading.
    hydrateFallbackElement: <FullPageLoader />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { id: 'RouteHome', path: '/', element: <HomePage /> },
          { id: 'RoutePublicJoin', path: '/join', lazy: publicInfo('JoinPage') },
          { id: 'RoutePublicContacts', path: '/contacts', lazy: publicInfo('ContactsPage') },
          { id: 'RoutePublicLegalPrivacyPolicy', path: '/privacy', lazy: publicInfo('PrivacyPolicyPage') },
          {
            id: 'PagePublicLegalInformation',
            path: '/legal-information',
            lazy: publicInfo('LegalInformationPage'),
          },
          {
            id: 'RouteAuth',
            path: '/auth',
            children: [
              {
                element: <GuestOnlyRoute />,
                children: [
                  { id: 'RouteAuthLogin', index: true, lazy: signIn('LoginPage') },
                  { id: 'RouteAuthPasswordReset', path: 'reset', lazy: signIn('PasswordResetPage') },
                ],
              },
              {
                element: <PrivateRoute roles="all" />,
                handle: privateHandle,
                children: [
                  {
                    id: 'RouteAuthCustomerPasswordChange',
                    path: 'change-password',
                    lazy: firstSignIn('PasswordCreatePage'),
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
                lazy: firstSignIn('SecondFactorSetupPage'),
              },
            ],
          },
          { id: 'RouteNotFound', path: '*', lazy: publicInfo('NotFoundPage') },
        ],
      },
      {
        element: <PrivateRoute roles={STAFF} />,
        handle: privateHandle,
        children: [
          {
            lazy: staff('StaffLayout'),
            children: [
              { id: 'RouteDashboard', path: '/dashboard', lazy: staff('DashboardPage') },
              { id: 'RouteTeam', path: '/team', lazy: staff('TeamPage') },
              { id: 'RoutePipeline', path: '/pipeline', lazy: staff('PipelinePage') },
              { id: 'RouteSettings', path: '/settings', lazy: staff('BrokerageSettingsPage') },
              { id: 'RouteClientFormEdit', path: '/client-form-edit', lazy: staff('ClientFormEditPage') },
              {
                id: 'RouteClientFormUpload',
                path: '/client-form-upload',
                lazy: staff('ClientFormUploadPage'),
              },
              {
                id: 'RouteClient',
                path: '/client/:clientID',
                lazy: staff('ClientPage'),
                children: [
                  { id: 'RouteClientOverview', index: true, lazy: staff('ClientOverviewPage') },
                  { id: 'RouteClientFormCreate', path: 'form/create', lazy: staff('ClientFormCreatePage') },
                  {
                    id: 'RouteClientFormSecretEdit',
                    path: 'form/:formSecret/edit',
                    lazy: staff('ClientFormSecretEditPage'),
                  },
                  {
                    id: 'RouteClientDocuments',
                    path: 'form/:formSecret',
                    lazy: staff('ClientDocumentsPage'),
                  },
                  {
                    path: 'lawyer',
                    children: [
                      { index: true, element: <Navigate to="selected" replace /> },
                      {
                        id: 'RouteStaffLawyerSelected',
                        path: 'selected',
                        lazy: staff('StaffLawyerSelectedPage'),
                      },
                      { id: 'RouteStaffLawyerStepAdd', path: 'add', lazy: staff('StaffLawyerStepAddPage') },
                      {
                        id: 'RouteStaffLawyerStepDetails',
                        path: 'details',
                        lazy: staff('StaffLawyerStepDetailsPage'),
                      },
                    ],
                  },
                  {
                    path: 'appraiser',
                    children: [
                      {
                        id: 'RouteStaffAppraisersSelected',
                        index: true,
                        lazy: staff('StaffAppraisersSelectedPage'),
                      },
                      {
                        id: 'RouteStaffAppraisersDashboard',
                        path: 'dashboard',
                        lazy: staff('StaffAppraisersDashboardPage'),
                      },
                      {
                        id: 'RouteStaffAppraisersQuoteRequest',
                        path: 'quote-request',
                        lazy: staff('StaffAppraisersQuoteRequestPage'),
                      },
                      {
                        id: 'RouteStaffAppraisersAddDetails',
                        path: 'details',
                        lazy: staff('StaffAppraisersAddDetailsPage'),
                      },
                    ],
                  },
                  { id: 'RouteEventLog', path: 'logs', lazy: staff('EventLogPage') },
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
            lazy: customer('CustomerLayout'),
            children: [
              { id: 'RouteCustomerRoadmap', path: '/roadmap', lazy: customer('RoadmapPage') },
              {
                id: 'RouteCustomerLawyer',
                path: '/lawyer',
                children: [
                  { index: true, element: <Navigate to="selected" replace /> },
                  {
                    id: 'RouteCustomerLawyerSelected',
                    path: 'selected',
                    lazy: customerChoices('CustomerLawyerSelectedPage'),
                  },
                  {
                    id: 'RouteCustomerLawyerStepAdd',
                    path: 'add',
                    lazy: customerChoices('CustomerLawyerStepAddPage'),
                  },
                  {
                    id: 'RouteCustomerLawyerStepDetails',
                    path: 'details',
                    lazy: customerChoices('CustomerLawyerStepDetailsPage'),
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
                    lazy: customerChoices('CustomerAppraisersSelectedPage'),
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
            lazy: customer('CustomerLayout'),
            children: [
              {
                id: 'RouteUserFormUpload',
                path: '/form/:formSecret',
                lazy: customerUpload('UserFormUploadPage'),
              },
            ],
          },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
