import { RegisterPage } from '../../features/accounts/components/register-page';

export default RegisterPage;
