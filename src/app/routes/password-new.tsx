import { PasswordRequestPage } from '../../features/accounts/components/email-request-page';

export default PasswordRequestPage;
