import { PasswordRequestPage } from '../../features/accounts/components/email-request-page.tsx';

export default PasswordRequestPage;
