import { PlaceholderPage } from '../../ui/PlaceholderPage';

/** RouteClientFormUpload. */
export function ClientFormUploadPage() {
  return (
    <PlaceholderPage title="Client form upload" description="Review the documents a client has uploaded." />
  );
}
