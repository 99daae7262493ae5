import { generatePath } from 'react-router-dom';
import { type Role as UserRole, STAFF_ROLES } from '@machines/roles';

/** Every named route of the product and its path pattern. */
export const ROUTES = {
  RouteHome: '/',
  RoutePublicJoin: '/join',
  RoutePublicContacts: '/contacts',
  RoutePublicLegalPrivacyPolicy: '/privacy',
  PagePublicLegalInformation: '/legal-information',

  RouteAuth: '/auth',
  RouteAuthLogin: '/auth',
  RouteAuthPasswordReset: '/auth/reset',
  RouteAuthCustomerPasswordChange: '/auth/change-password',
  /** Staff set up two-factor sign-in here when the brokerage requires it. */
  RouteSecondFactorSetup: '/second-factor',

  RouteDashboard: '/dashboard',
  /** Principal brokers manage the staff of the brokerage. */
  RouteTeam: '/team',
  /** Staff follow the brokerage's pipeline (a broker: their own clients). */
  RoutePipeline: '/pipeline',
  /** Principal brokers keep the brokerage's details. */
  RouteSettings: '/settings',
  RouteClientFormEdit: '/client-form-edit',
  RouteClientFormUpload: '/client-form-upload',
  RouteClient: '/client/:clientID',
  RouteClientFormCreate: '/client/:clientID/form/create',
  /** The client's form in edit mode (RouteClientFormEdit with clientID and formSecret). */
  RouteClientFormSecretEdit: '/client/:clientID/form/:formSecret/edit',
  /** Documents review of the client's form. */
  RouteClientDocuments: '/client/:clientID/form/:formSecret',
  RouteStaffLawyerSelected: '/client/:clientID/lawyer/selected',
  RouteStaffLawyerStepAdd: '/client/:clientID/lawyer/add',
  RouteStaffLawyerStepDetails: '/client/:clientID/lawyer/details',
  RouteStaffAppraisersSelected: '/client/:clientID/appraiser',
  RouteStaffAppraisersDashboard: '/client/:clientID/appraiser/dashboard',
  RouteStaffAppraisersQuoteRequest: '/client/:clientID/appraiser/quote-request',
  RouteStaffAppraisersAddDetails: '/client/:clientID/appraiser/details',
  RouteEventLog: '/client/:clientID/logs',

  RouteCustomerRoadmap: '/roadmap',
  RouteUserFormUpload: '/form/:formSecret',
  RouteCustomerLawyer: '/lawyer',
  RouteCustomerLawyerSelected: '/lawyer/selected',
  RouteCustomerLawyerStepAdd: '/lawyer/add',
  RouteCustomerLawyerStepDetails: '/lawyer/details',
  RouteCustomerAppraisersSelected: '/appraiser/selected',
} as const;

export type RouteName = keyof typeof ROUTES;

type ParamsOf<Path extends string> = Path extends `${string}:${infer Param}/${infer Rest}`
  ? { [K in Param | keyof ParamsOf<Rest>]: string | number }
  : Path extends `${string}:${infer Param}`
    ? { [K in Param]: string | number }
    : Record<never, never>;

/** The URL of a named route: `href('RouteClient', { clientID: 12 })` is '/client/12'. */
export function href<Name extends RouteName>(
  name: Name,
  ...params: keyof ParamsOf<(typeof ROUTES)[Name]> extends never ? [] : [ParamsOf<(typeof ROUTES)[Name]>]
): string {
  const values = Object.fromEntries(
    Object.entries(params[0] ?? {}).map(([key, value]) => [key, String(value)]),
  );
  return generatePath(ROUTES[name] as string, values);
}

/** The home route of each role that may sign in. */
export const ROLE_HOME: Record<UserRole, RouteName> = {
  principal_broker: 'RouteDashboard',
  broker: 'RouteDashboard',
  assistant: 'RouteDashboard',
  customer: 'RouteCustomerRoadmap',
};

export function roleHome(role: string | null | undefined): string {
  const name = role && role in ROLE_HOME ? ROLE_HOME[role as UserRole] : 'RouteHome';
  return ROUTES[name];
}

export const STAFF: readonly UserRole[] = STAFF_ROLES;
export const CUSTOMER: readonly UserRole[] = ['customer'];

export function isStaff(role: string | null | undefined): boolean {
  return STAFF.some((r) => r === role);
}

/** A same-origin path from a ?redirect= value, or null for anything else (no open redirects). */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}
