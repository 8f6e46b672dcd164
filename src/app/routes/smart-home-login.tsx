import { LinkingLoginScreen } from '../../features/account-linking/components/linking-login-screen.tsx';

export default function SmartHomeLogin() {
  return <LinkingLoginScreen variant="generic" />;
}
