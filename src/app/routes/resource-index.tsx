import { ErrorPage } from '../../components/error-page';
import { ResourceIndexPage } from '../../components/resource/resource-index-page';
import { RESOURCE_MODULES } from '../feature-modules';
import { useResourceRoute } from '../use-resource-env';

export default function ResourceIndexRoute() {
  const { spec, env } = useResourceRoute();
  if (!spec) return <ErrorPage code="not_found" />;
  const module = RESOURCE_MODULES[spec.resource];
  return <ResourceIndexPage key={spec.resource} spec={spec} env={env} actions={module?.indexActions?.(env)} />;
}
