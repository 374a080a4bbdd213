import type { ModulePageProps } from '../../../components/resource/module-parts.tsx';
import { EstimatePrintPage } from '../estimates/components/estimate-print-page.tsx';

/** An estimate's print page. */
export default function EstimatesPrintPage({ env, recordId }: ModulePageProps) {
  return <EstimatePrintPage key={recordId} env={env} estimateId={recordId} />;
}
