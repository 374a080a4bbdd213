import { ConfirmationRequestPage } from '../../features/accounts/components/email-request-page.tsx';

export default ConfirmationRequestPage;
