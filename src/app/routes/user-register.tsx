import { RegisterPage } from '../../features/accounts/components/register-page.tsx';

export default RegisterPage;
