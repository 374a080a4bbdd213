import type { ModulePageProps } from '../../../components/resource/module-parts.tsx';
import { Disk } from '../components/disk.tsx';

/** Spec 001 §2 disk: /disk is the root, /disk/{dir_id} one folder. */
export default function DiskPage({ env, params }: ModulePageProps) {
  return <Disk env={env} dirId={params.dirId ?? null} />;
}
