/** The public pages other than the home page, loaded with the first of them opened. */
export { ContactsPage } from '../../pages/public/ContactsPage';
export { JoinPage } from '../../pages/public/JoinPage';
export { LegalInformationPage } from '../../pages/public/LegalInformationPage';
export { NotFoundPage } from '../../pages/public/NotFoundPage';
export { PrivacyPolicyPage } from '../../pages/public/PrivacyPolicyPage';
