import { HowToConnectScreen } from '../../features/smart-home/components/how-to-connect-screen.tsx';

export default function HornbachHowToConnect() {
  return <HowToConnectScreen platform="hornbach" />;
}
