import { LoginPage } from '../../features/accounts/components/login-page.tsx';

export default LoginPage;
