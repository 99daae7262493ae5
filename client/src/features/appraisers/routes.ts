import { href } from '../../app/routes';

export function appraiserRoutes(clientID: string) {
  return {
    selected: href('RouteStaffAppraisersSelected', { clientID }),
    dashboard: href('RouteStaffAppraisersDashboard', { clientID }),
    quoteRequest: href('RouteStaffAppraisersQuoteRequest', { clientID }),
    details: href('RouteStaffAppraisersAddDetails', { clientID }),
  };
}
