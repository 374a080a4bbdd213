import { BoardPage } from '../../features/board/components/board-page';
import { useResourceRoute } from '../use-resource-env';

/** The ticket board, with the group's members and features as the ticket screens have them. */
export default function TicketBoardRoute() {
  const { env } = useResourceRoute();
  return <BoardPage env={env} />;
}
