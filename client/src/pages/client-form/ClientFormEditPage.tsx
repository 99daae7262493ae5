import { PlaceholderPage } from '../../ui/PlaceholderPage';

/** RouteClientFormEdit. */
export function ClientFormEditPage() {
  return (
    <PlaceholderPage
      title="Client form"
      description="Build a document-request form from templates and custom fields."
    />
  );
}
