import { HornbachHowToConnectScreen } from '../../features/smart-home/components/hornbach-how-to-connect-screen.tsx';

export default HornbachHowToConnectScreen;
