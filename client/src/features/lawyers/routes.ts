import { href, ROUTES } from '../../app/routes';

/** The three lawyer steps of a file: the customer's own, or a client's for staff. */
export function lawyerRoutes(staff: boolean, clientID: string | undefined) {
  if (staff && clientID) {
    return {
      selected: href('RouteStaffLawyerSelected', { clientID }),
      add: href('RouteStaffLawyerStepAdd', { clientID }),
      details: href('RouteStaffLawyerStepDetails', { clientID }),
    };
  }
  return {
    selected: ROUTES.RouteCustomerLawyerSelected,
    add: ROUTES.RouteCustomerLawyerStepAdd,
    details: ROUTES.RouteCustomerLawyerStepDetails,
  };
}
