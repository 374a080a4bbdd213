import { ErrorPage } from '../../components/error-page';

export default function NotFoundRoute() {
  return <ErrorPage code="not_found" />;
}
