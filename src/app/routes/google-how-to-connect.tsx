import { HowToConnectScreen } from '../../features/smart-home/components/how-to-connect-screen.tsx';

export default function GoogleHowToConnect() {
  return <HowToConnectScreen platform="google" />;
}
