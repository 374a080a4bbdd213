import type { ModulePageProps } from '../../../components/resource/module-parts.tsx';
import { Reader } from '../components/reader.tsx';

/** The feed reader: the reader_items list of spec 001 §2. */
export default function ReaderItemsPage({ env }: ModulePageProps) {
  return <Reader env={env} />;
}
