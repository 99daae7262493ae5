/** The customer's choice of a lawyer and view of the appraiser, with their forms and date pickers. */
export {
  CustomerLawyerSelectedPage,
  CustomerLawyerStepAddPage,
  CustomerLawyerStepDetailsPage,
} from '../../pages/lawyer/CustomerLawyerPages';
export { CustomerAppraisersSelectedPage } from '../../pages/appraiser/CustomerAppraisersSelectedPage';
