import { useParams } from 'react-router-dom';
import { PlaceholderPage } from '../../ui/PlaceholderPage';

/** RouteUserFormUpload: the customer's document upload by form secret. */
export function UserFormUploadPage() {
  const { formSecret } = useParams();
  return (
    <PlaceholderPage
      title="Documents upload"
      description="Upload the documents your broker asked for."
      details={{ formSecret }}
    />
  );
}
