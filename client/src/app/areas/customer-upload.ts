/** The customer's upload page: file picking, previews and comments. */
export { UserFormUploadPage } from '../../pages/form/UserFormUploadPage';
