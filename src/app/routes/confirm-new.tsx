import { ConfirmationRequestPage } from '../../features/accounts/components/email-request-page';

export default ConfirmationRequestPage;
