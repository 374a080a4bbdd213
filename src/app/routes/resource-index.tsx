import { ErrorPage } from '../../components/error-page.tsx';
import { ResourceIndexPage } from '../../components/resource/resource-index-page.tsx';
import { RESOURCE_MODULES } from '../feature-modules.ts';
import { useResourceRoute } from '../use-resource-env.ts';

export default function ResourceIndexRoute() {
  const { spec, env } = useResourceRoute();
  if (!spec) return <ErrorPage code="not_found" />;
  const module = RESOURCE_MODULES[spec.resource];
  return (
    <ResourceIndexPage
      key={spec.resource}
      spec={spec}
      env={env}
      actions={module?.indexActions?.(env)}
      rowActions={module?.rowActions}
    />
  );
}
