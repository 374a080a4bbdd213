import { AdminPage } from '../../features/groups/components/admin-page';

export default AdminPage;
