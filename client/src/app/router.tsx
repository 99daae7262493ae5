import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { CustomerAppraisersSelectedPage } from '../pages/appraiser/CustomerAppraisersSelectedPage';
import { LoginPage } from '../pages/auth/LoginPage';
import { PasswordCreatePage } from '../pages/auth/PasswordCreatePage';
import { PasswordResetPage } from '../pages/auth/PasswordResetPage';
import {
  ClientFormCreatePage,
  ClientDocumentsPage,
  ClientFormSecretEditPage,
} from '../pages/client/ClientFormPages';
import { ClientOverviewPage, ClientPage } from '../pages/client/ClientPage';
import { EventLogPage } from '../pages/client/EventLogPage';
import {
  StaffAppraisersAddDetailsPage,
  StaffAppraisersDashboardPage,
  StaffAppraisersQuoteRequestPage,
  StaffAppraisersSelectedPage,
} from '../pages/client/StaffAppraiserPages';
import {
  StaffLawyerSelectedPage,
  StaffLawyerStepAddPage,
  StaffLawyerStepDetailsPage,
} from '../pages/client/StaffLawyerPages';
import { ClientFormEditPage } from '../pages/client-form/ClientFormEditPage';
import { ClientFormUploadPage } from '../pages/client-form/ClientFormUploadPage';
import { DashboardPage } from '../pages/dashboard/DashboardPage';
import { RoadmapPage } from '../pages/roadmap/RoadmapPage';
import { UserFormUploadPage } from '../pages/form/UserFormUploadPage';
import {
  CustomerLawyerSelectedPage,
  CustomerLawyerStepAddPage,
  CustomerLawyerStepDetailsPage,
} from '../pages/lawyer/CustomerLawyerPages';
import { ContactsPage } from '../pages/public/ContactsPage';
import { HomePage } from '../pages/public/HomePage';
import { JoinPage } from '../pages/public/JoinPage';
import { LegalInformationPage } from '../pages/public/LegalInformationPage';
import { NotFoundPage } from '../pages/public/NotFoundPage';
import { PrivacyPolicyPage } from '../pages/public/PrivacyPolicyPage';
import { GuestOnlyRoute, PrivateRoute } from './guard';
import { CustomerLayout } from './layout/CustomerLayout';
import { PublicLayout } from './layout/PublicLayout';
import { StaffLayout } from './layout/StaffLayout';
import { RootLayout } from './RootLayout';
import { RouteErrorPage } from './RouteErrorPage';
import { CUSTOMER, STAFF } from './routes';
import type { RouteHandle } from './SessionEffects';

const privateHandle: RouteHandle = { private: true };

/** The route table of spec section 2; `id` carries each route's name. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { id: 'RouteHome', path: '/', element: <HomePage /> },
          { id: 'RoutePublicJoin', path: '/join', element: <JoinPage /> },
          { id: 'RoutePublicContacts', path: '/contacts', element: <ContactsPage /> },
          { id: 'RoutePublicLegalPrivacyPolicy', path: '/privacy', element: <PrivacyPolicyPage /> },
          { id: 'PagePublicLegalInformation', path: '/legal-information', element: <LegalInformationPage /> },
          {
            id: 'RouteAuth',
            path: '/auth',
            children: [
              {
                element: <GuestOnlyRoute />,
                children: [
                  { id: 'RouteAuthLogin', index: true, element: <LoginPage /> },
                  { id: 'RouteAuthPasswordReset', path: 'reset', element: <PasswordResetPage /> },
                ],
              },
              {
                element: <PrivateRoute roles="all" />,
                handle: privateHandle,
                children: [
                  {
                    id: 'RouteAuthCustomerPasswordChange',
                    path: 'change-password',
                    element: <PasswordCreatePage />,
                  },
                ],
              },
            ],
          },
          { id: 'RouteNotFound', path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        element: <PrivateRoute roles={STAFF} />,
        handle: privateHandle,
        children: [
          {
            element: <StaffLayout />,
            children: [
              { id: 'RouteDashboard', path: '/dashboard', element: <DashboardPage /> },
              { id: 'RouteClientFormEdit', path: '/client-form-edit', element: <ClientFormEditPage /> },
              { id: 'RouteClientFormUpload', path: '/client-form-upload', element: <ClientFormUploadPage /> },
              {
                id: 'RouteClient',
                path: '/client/:clientID',
                element: <ClientPage />,
                children: [
                  { id: 'RouteClientOverview', index: true, element: <ClientOverviewPage /> },
                  { id: 'RouteClientFormCreate', path: 'form/create', element: <ClientFormCreatePage /> },
                  {
                    id: 'RouteClientFormSecretEdit',
                    path: 'form/:formSecret/edit',
                    element: <ClientFormSecretEditPage />,
                  },
                  { id: 'RouteClientDocuments', path: 'form/:formSecret', element: <ClientDocumentsPage /> },
                  {
                    path: 'lawyer',
                    children: [
                      { index: true, element: <Navigate to="selected" replace /> },
                      {
                        id: 'RouteStaffLawyerSelected',
                        path: 'selected',
                        element: <StaffLawyerSelectedPage />,
                      },
                      { id: 'RouteStaffLawyerStepAdd', path: 'add', element: <StaffLawyerStepAddPage /> },
                      {
                        id: 'RouteStaffLawyerStepDetails',
                        path: 'details',
                        element: <StaffLawyerStepDetailsPage />,
                      },
                    ],
                  },
                  {
                    path: 'appraiser',
                    children: [
                      {
                        id: 'RouteStaffAppraisersSelected',
                        index: true,
                        element: <StaffAppraisersSelectedPage />,
                      },
                      {
                        id: 'RouteStaffAppraisersDashboard',
                        path: 'dashboard',
                        element: <StaffAppraisersDashboardPage />,
                      },
                      {
                        id: 'RouteStaffAppraisersQuoteRequest',
                        path: 'quote-request',
                        element: <StaffAppraisersQuoteRequestPage />,
                      },
                      {
                        id: 'RouteStaffAppraisersAddDetails',
                        path: 'details',
                        element: <StaffAppraisersAddDetailsPage />,
                      },
                    ],
                  },
                  { id: 'RouteEventLog', path: 'logs', element: <EventLogPage /> },
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
            element: <CustomerLayout />,
            children: [
              { id: 'RouteCustomerRoadmap', path: '/roadmap', element: <RoadmapPage /> },
              {
                id: 'RouteCustomerLawyer',
                path: '/lawyer',
                children: [
                  { index: true, element: <Navigate to="selected" replace /> },
                  {
                    id: 'RouteCustomerLawyerSelected',
                    path: 'selected',
                    element: <CustomerLawyerSelectedPage />,
                  },
                  { id: 'RouteCustomerLawyerStepAdd', path: 'add', element: <CustomerLawyerStepAddPage /> },
                  {
                    id: 'RouteCustomerLawyerStepDetails',
                    path: 'details',
                    element: <CustomerLawyerStepDetailsPage />,
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
                    element: <CustomerAppraisersSelectedPage />,
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
            element: <CustomerLayout />,
            children: [
              { id: 'RouteUserFormUpload', path: '/form/:formSecret', element: <UserFormUploadPage /> },
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
