import { useParams } from 'react-router';
import { ErrorPage } from '../../components/error-page.tsx';

export default function ErrorRoute() {
  const { code = 'not_found' } = useParams();
  return <ErrorPage code={code} />;
}
