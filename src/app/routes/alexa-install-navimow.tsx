import { LinkingLoginScreen } from '../../features/account-linking/components/linking-login-screen.tsx';

export default function AlexaInstallNavimow() {
  return <LinkingLoginScreen variant="alexa" />;
}
