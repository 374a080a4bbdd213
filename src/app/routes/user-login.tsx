import { LoginPage } from '../../features/accounts/components/login-page';

export default LoginPage;
