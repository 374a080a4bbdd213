import { ErrorPage } from '../../components/error-page.tsx';

export default function NotFoundRoute() {
  return <ErrorPage code="not_found" />;
}
