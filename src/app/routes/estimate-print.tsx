import { EstimatePrintPage } from '../../features/estimates/components/estimate-print-page';
import { useResourceRoute } from '../use-resource-env';

export default function EstimatePrintRoute() {
  const { env, recordId } = useResourceRoute();
  return <EstimatePrintPage key={recordId} env={env} estimateId={recordId} />;
}
