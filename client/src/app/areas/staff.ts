/**
 * The staff area: every page of principal brokers, brokers and assistants, loaded as one piece the first
 * time one of them is opened, so visitors and customers never download it.
 */
export { StaffLayout } from '../layout/StaffLayout';
export { DashboardPage } from '../../pages/dashboard/DashboardPage';
export { ClientFormEditPage } from '../../pages/client-form/ClientFormEditPage';
export { ClientFormUploadPage } from '../../pages/client-form/ClientFormUploadPage';
export { ClientOverviewPage, ClientPage } from '../../pages/client/ClientPage';
export {
  ClientDocumentsPage,
  ClientFormCreatePage,
  ClientFormSecretEditPage,
} from '../../pages/client/ClientFormPages';
export { EventLogPage } from '../../pages/client/EventLogPage';
export {
  StaffAppraisersAddDetailsPage,
  StaffAppraisersDashboardPage,
  StaffAppraisersQuoteRequestPage,
  StaffAppraisersSelectedPage,
} from '../../pages/client/StaffAppraiserPages';
export {
  StaffLawyerSelectedPage,
  StaffLawyerStepAddPage,
  StaffLawyerStepDetailsPage,
} from '../../pages/client/StaffLawyerPages';
export { TeamPage } from '../../pages/team/TeamPage';
export { PipelinePage } from '../../pages/pipeline/PipelinePage';
export { BrokerageSettingsPage } from '../../pages/settings/BrokerageSettingsPage';
