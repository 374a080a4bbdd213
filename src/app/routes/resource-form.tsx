import { ErrorPage } from '../../components/error-page.tsx';
import { ResourceFormPage } from '../../components/resource/resource-form-page.tsx';
import { RECORD_MODULES } from '../record-modules.ts';
import { useResourceRoute } from '../use-resource-env.ts';

/** resources#new and resources#edit (with a record id). */
export default function ResourceFormRoute() {
  const { spec, env, recordId } = useResourceRoute();
  if (!spec) return <ErrorPage code="not_found" />;
  const module = RECORD_MODULES[spec.resource];
  return (
    <ResourceFormPage
      key={`${spec.resource}/${recordId}`}
      spec={spec}
      env={env}
      recordId={recordId || undefined}
      hooks={module?.hooks}
      filters={module?.filters}
    >
      {module?.formChildren && ((draft, set) => module.formChildren!(draft, set, env))}
    </ResourceFormPage>
  );
}
