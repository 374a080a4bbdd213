import type { ComponentType } from 'react';
import { useParams } from 'react-router';
import type { ModulePageProps, ResourceModule } from '../components/resource/module-parts.tsx';
import { useResourceRoute } from './use-resource-env.ts';

/** A module's own page, given what the group's screens have: its settings, features and members. */
export function ModulePage({ page: Page, parts }: { page: ComponentType<ModulePageProps>; parts?: ResourceModule }) {
  const { env, recordId } = useResourceRoute();
  const params = useParams();
  return <Page env={env} recordId={recordId} params={params} parts={parts} />;
}
