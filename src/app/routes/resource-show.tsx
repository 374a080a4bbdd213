import { ErrorPage } from '../../components/error-page.tsx';
import { ResourceShowPage } from '../../components/resource/resource-show-page.tsx';
import { RECORD_MODULES } from '../record-modules.ts';
import { useResourceRoute } from '../use-resource-env.ts';

export default function ResourceShowRoute() {
  const { spec, env, recordId } = useResourceRoute();
  if (!spec) return <ErrorPage code="not_found" />;
  const module = RECORD_MODULES[spec.resource];
  return (
    <ResourceShowPage
      key={recordId}
      spec={spec}
      env={env}
      recordId={recordId}
      readOnly={spec.screens !== undefined && !spec.screens.includes('edit')}
      hide={module?.showHides}
      hideRelated={module?.hideRelated}
      actions={module?.showActions && ((record) => module.showActions!(record, env))}
    >
      {module?.showChildren && ((record) => module.showChildren!(record, env))}
    </ResourceShowPage>
  );
}
