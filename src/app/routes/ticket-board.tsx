import { ErrorPage } from '../../components/error-page';

// Placeholder: replaced by the module's screen.
export default function PlaceholderRoute() {
  return <ErrorPage code="not_found" />;
}
