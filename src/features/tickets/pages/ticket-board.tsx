import type { ModulePageProps } from '../../../components/resource/module-parts.tsx';
import { BoardPage } from '../board/components/board-page.tsx';

/** The ticket board, with the group's members and features as the ticket screens have them. */
export default function TicketBoardPage({ env }: ModulePageProps) {
  return <BoardPage env={env} />;
}
