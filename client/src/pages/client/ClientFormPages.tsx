import { useParams } from 'react-router-dom';
import { PlaceholderPage } from '../../ui/PlaceholderPage';

/** RouteClientFormCreate. */
export function ClientFormCreatePage() {
  const { clientID } = useParams();
  return (
    <PlaceholderPage
      title="Create form"
      description="Create a document-request form."
      details={{ clientID }}
    />
  );
}

/** RouteClientFormEdit with clientID and formSecret. */
export function ClientFormSecretEditPage() {
  const { clientID, formSecret } = useParams();
  const mode = formSecret === 'create' ? 'create' : 'edit';
  return (
    <PlaceholderPage
      title="Edit form"
      description="Edit the client's document-request form."
      details={{ clientID, formSecret, mode }}
    />
  );
}

/** Documents review of a client's form. */
export function ClientDocumentsPage() {
  const { clientID, formSecret } = useParams();
  return (
    <PlaceholderPage
      title="Documents review"
      description="Documents in progress, checked documents and the upload history."
      details={{ clientID, formSecret }}
    />
  );
}
